import { PlusOutlined } from '@ant-design/icons'
import { Button, Flex, Modal, Space, type TableColumnsType, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatCompactDateTime } from '../../shared/format'
import '../../shared/i18n/maintain-messages'
import { translateKey } from '../../shared/i18n/i18n'
import { confirmDanger } from '../../shared/ui/confirm-danger'
import { PagedTable } from '../../shared/ui/PagedTable'
import { WithReason } from '../../shared/ui/WithReason'
import { type UpgradeOrder, useDeleteOrders, useOrderList } from './api'
import { CreateOrderModal } from './CreateOrderModal'
import { OrderDetailDrawer } from './OrderDetailDrawer'
import { OrderResultTag, orderStatusLabel } from './order-labels'
import { deleteRefusal } from './order-rules'

const PAGE_SIZE = 10

/** §3 upgrade orders: number, model, version, device count, time, result and status. */
export function OrdersTab() {
  const { t } = useTranslation()
  const [pageIndex, setPageIndex] = useState(1)
  const list = useOrderList({ pageIndex, pageOffset: PAGE_SIZE })
  const remove = useDeleteOrders()
  const [creating, setCreating] = useState(false)
  const [shown, setShown] = useState<number>()
  const [modal, dialogs] = Modal.useModal()

  function confirmDelete(order: UpgradeOrder) {
    confirmDanger(modal, {
      title: t('maintain.orders.deleteConfirm', { orderNo: order.order_no }),
      okText: t('maintain.orders.delete'),
      cancelText: t('common.cancel'),
      run: () => remove.mutateAsync([order.id]),
      done: t('maintain.orders.deleted'),
    })
  }

  const columns: TableColumnsType<UpgradeOrder> = [
    { key: 'order_no', title: t('maintain.orders.orderNo'), dataIndex: 'order_no' },
    { key: 'model', title: t('maintain.orders.model'), dataIndex: 'model' },
    { key: 'version', title: t('maintain.orders.version'), dataIndex: 'version' },
    {
      key: 'device_count',
      title: t('maintain.orders.deviceCount'),
      dataIndex: 'device_count',
      align: 'right',
    },
    {
      key: 'time',
      title: t('maintain.orders.time'),
      render: (_value, order) =>
        order.timing === 'timed'
          ? t('maintain.orders.timedAt', { time: formatCompactDateTime(order.start_at) ?? '' })
          : formatCompactDateTime(order.created_at),
    },
    {
      key: 'result',
      title: t('maintain.orders.result'),
      render: (_value, order) => (
        <Flex vertical gap={2}>
          <OrderResultTag result={order.result} t={t} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('maintain.orders.counts', order.counts)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('maintain.orders.status'),
      render: (_value, order) => orderStatusLabel(t, order.status),
    },
    {
      key: 'actions',
      title: t('maintain.orders.actions'),
      render: (_value, order) => {
        const refusal = deleteRefusal(order.status)
        return (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              aria-label={`${t('maintain.orders.details')} ${order.order_no}`}
              onClick={() => setShown(order.id)}
            >
              {t('maintain.orders.details')}
            </Button>
            <WithReason reason={refusal ? translateKey(refusal) : undefined}>
              <Button
                type="link"
                size="small"
                danger
                aria-label={`${t('maintain.orders.delete')} ${order.order_no}`}
                onClick={() => confirmDelete(order)}
              >
                {t('maintain.orders.delete')}
              </Button>
            </WithReason>
          </Space>
        )
      },
    },
  ]

  return (
    <>
      <PagedTable<UpgradeOrder>
        list={list}
        columns={columns}
        rowKey="id"
        pageIndex={pageIndex}
        pageSize={PAGE_SIZE}
        onPage={setPageIndex}
        totalText={(total) => t('maintain.orders.total', { total })}
        loadFailed={t('maintain.orders.loadFailed')}
        empty={t('maintain.orders.empty')}
        actions={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
            {t('maintain.orders.create')}
          </Button>
        }
      />
      {creating && (
        <CreateOrderModal onClose={() => setCreating(false)} onCreated={(order) => setShown(order.id)} />
      )}
      {shown !== undefined && <OrderDetailDrawer id={shown} onClose={() => setShown(undefined)} />}
      {dialogs}
    </>
  )
}
