import {
  Button,
  Descriptions,
  Drawer,
  Flex,
  Modal,
  Progress,
  Segmented,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../shared/api'
import { formatCompactDateTime } from '../../shared/format'
import '../../shared/i18n/maintain-messages'
import { translateKey } from '../../shared/i18n/i18n'
import { confirmDanger } from '../../shared/ui/confirm-danger'
import { ErrorWithRetry } from '../../shared/ui/ErrorWithRetry'
import { toast } from '../../shared/ui/feedback'
import { WithReason } from '../../shared/ui/WithReason'
import {
  isLive,
  type OrderDevice,
  type UpgradeResult,
  useCancelOrder,
  useOrderInfo,
  useRetryOrder,
} from './api'
import {
  commandResultLabel,
  downloadLabel,
  endReasonLabel,
  OrderResultTag,
  orderStatusLabel,
  UpgradeResultTag,
  upgradeResultLabel,
} from './order-labels'
import { canCancel, deviceRetryRefusal, reasonKey, retryFailedRefusal } from './order-rules'

const PAGE_SIZES = [10, 20, 50, 100]
const RESULTS: readonly UpgradeResult[] = ['waiting', 'upgrading', 'success', 'failed']
type Shown = UpgradeResult | 'all'

/**
 * One order's devices (§3 per-device status, §4's three lines): upgrade result, command result,
 * download phase with its progress, why it failed, and the retries used. Asked again every few
 * seconds while the order is scheduled or running. The server pages them (an order has up to
 * 10,000) and counts them; the filter goes straight to one upgrade result (the failed ones, say).
 */
export function OrderDetailDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation()
  const [shown, setShown] = useState<Shown>('all')
  const [page, setPage] = useState({ pageIndex: 1, pageOffset: 20 })
  const info = useOrderInfo(id, { ...page, ...(shown === 'all' ? {} : { result: shown }) })
  const retry = useRetryOrder()
  const cancel = useCancelOrder()
  const [modal, dialogs] = Modal.useModal()
  const order = info.data?.order
  const devices = info.data?.devices ?? []
  const total = info.data?.total ?? 0

  // Devices move on while the order runs: a page past the end of what matches goes to the last one.
  const lastPage = Math.max(1, Math.ceil(total / page.pageOffset))
  useEffect(() => {
    if (info.data && !info.isPlaceholderData && page.pageIndex > lastPage)
      setPage((current) => ({ ...current, pageIndex: lastPage }))
  }, [info.data, info.isPlaceholderData, page.pageIndex, lastPage])

  function handleShow(next: Shown) {
    setShown(next)
    setPage((current) => ({ ...current, pageIndex: 1 }))
  }

  async function handleRetry(deviceIds?: number[]) {
    try {
      const done = await retry.mutateAsync({ id, ...(deviceIds ? { deviceIds } : {}) })
      void toast.success(t('maintain.detail.retried', { count: done.retried }))
    } catch (error) {
      // "Maximum retries reached" when another tab retried first
      if (isApiError(error) && !error.shown) void toast.error(translateKey(error.messageKey))
    }
  }

  function confirmCancel() {
    if (!order) return
    confirmDanger(modal, {
      title: t('maintain.orders.cancelConfirm', { orderNo: order.order_no }),
      okText: t('maintain.orders.cancel'),
      cancelText: t('maintain.detail.close'),
      run: () => cancel.mutateAsync(id),
      done: t('maintain.orders.canceled'),
    })
  }

  const columns: TableColumnsType<OrderDevice> = [
    {
      key: 'device',
      title: t('maintain.detail.device'),
      render: (_value, device) => (
        <Flex vertical>
          <span>{device.name ?? device.mac}</span>
          {device.name && <Typography.Text type="secondary">{device.mac}</Typography.Text>}
        </Flex>
      ),
    },
    {
      key: 'from',
      title: t('maintain.detail.fromVersion'),
      render: (_value, device) => device.from_version ?? '—',
    },
    {
      key: 'upgrade',
      title: t('maintain.detail.upgradeResult'),
      render: (_value, device) => <UpgradeResultTag result={device.upgrade_result} t={t} />,
    },
    {
      key: 'command',
      title: t('maintain.detail.commandResult'),
      render: (_value, device) => commandResultLabel(t, device.command_result),
    },
    {
      key: 'download',
      title: t('maintain.detail.download'),
      width: 180,
      render: (_value, device) =>
        device.download ? (
          <Flex vertical>
            <span>{downloadLabel(t, device.download)}</span>
            {device.download === 'downloading' && device.progress !== null && (
              <Progress
                percent={device.progress}
                size="small"
                aria-label={`${t('maintain.detail.download')} ${device.mac}`}
              />
            )}
          </Flex>
        ) : (
          '—'
        ),
    },
    {
      key: 'reason',
      title: t('maintain.detail.reason'),
      render: (_value, device) => {
        if (!device.reason) return '—'
        const { key, reason } = reasonKey(device.reason)
        return translateKey(key, reason ? { reason } : undefined)
      },
    },
    {
      key: 'retries',
      title: t('maintain.detail.retries'),
      render: (_value, device) =>
        t('maintain.detail.retriesOf', { retries: device.retries, max: device.max_retries }),
    },
    {
      key: 'updated',
      title: t('maintain.detail.updatedAt'),
      render: (_value, device) => formatCompactDateTime(device.updated_at) ?? '—',
    },
    {
      key: 'actions',
      title: t('maintain.orders.actions'),
      render: (_value, device) => {
        if (device.upgrade_result !== 'failed') return null
        const refusal = deviceRetryRefusal(device)
        return (
          <WithReason reason={refusal ? translateKey(refusal) : undefined}>
            <Button
              type="link"
              size="small"
              aria-label={`${t('maintain.detail.retry')} ${device.mac}`}
              onClick={() => void handleRetry([device.device_id])}
            >
              {t('maintain.detail.retry')}
            </Button>
          </WithReason>
        )
      },
    },
  ]

  const retryAllRefusal = retryFailedRefusal({
    failed: order?.counts.failed ?? 0,
    retriable: info.data?.retriable ?? 0,
  })
  return (
    <Drawer
      open
      // wide enough for the device table's nine columns; narrower screens scroll the table
      size="min(1000px, 100vw)"
      title={order ? t('maintain.detail.title', { orderNo: order.order_no }) : t('common.loading')}
      onClose={onClose}
      extra={
        order && (
          <Flex gap={8}>
            <WithReason reason={retryAllRefusal ? translateKey(retryAllRefusal) : undefined}>
              <Button
                loading={retry.isPending}
                // every failed device of the order the caller sees, not only this page's
                onClick={() => void handleRetry()}
              >
                {t('maintain.detail.retryFailed')}
              </Button>
            </WithReason>
            {canCancel(order.status) && (
              <Button danger onClick={confirmCancel}>
                {t('maintain.orders.cancel')}
              </Button>
            )}
          </Flex>
        )
      }
    >
      {info.isError && !info.data ? (
        <ErrorWithRetry
          title={t('maintain.detail.loadFailed')}
          onRetry={() => info.refetch()}
          retrying={info.isFetching}
        />
      ) : (
        <>
          {order && (
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, md: 3 }}
              style={{ marginBottom: 16 }}
              items={[
                { key: 'model', label: t('maintain.orders.model'), children: order.model },
                { key: 'version', label: t('maintain.orders.version'), children: order.version },
                { key: 'count', label: t('maintain.orders.deviceCount'), children: order.device_count },
                {
                  key: 'status',
                  label: t('maintain.orders.status'),
                  children: order.end_reason
                    ? `${orderStatusLabel(t, order.status)} · ${endReasonLabel(order.end_reason)}`
                    : orderStatusLabel(t, order.status),
                },
                {
                  key: 'result',
                  label: t('maintain.orders.result'),
                  children: <OrderResultTag result={order.result} t={t} />,
                },
                {
                  key: 'time',
                  label: t('maintain.orders.time'),
                  children:
                    order.timing === 'timed'
                      ? t('maintain.orders.timedAt', { time: formatCompactDateTime(order.start_at) ?? '' })
                      : formatCompactDateTime(order.created_at),
                },
                {
                  key: 'counts',
                  label: t('maintain.detail.summary'),
                  span: 3,
                  children: t('maintain.orders.counts', order.counts),
                },
              ]}
            />
          )}
          {order && isLive(order.status) && (
            <Typography.Paragraph type="secondary" role="status">
              {t('maintain.detail.live')}
            </Typography.Paragraph>
          )}
          {order && (
            <Segmented<Shown>
              aria-label={t('maintain.detail.filter')}
              style={{ marginBottom: 12 }}
              value={shown}
              onChange={handleShow}
              options={[
                {
                  value: 'all',
                  label: t('maintain.detail.filterOption', {
                    label: t('maintain.detail.filterAll'),
                    count: order.device_count,
                  }),
                },
                ...RESULTS.map((result) => ({
                  value: result,
                  label: t('maintain.detail.filterOption', {
                    label: upgradeResultLabel(t, result),
                    count: order.counts[result],
                  }),
                })),
              ]}
            />
          )}
          <Table<OrderDevice>
            rowKey="device_id"
            columns={columns}
            dataSource={devices}
            loading={info.isPending || (info.isFetching && info.isPlaceholderData)}
            pagination={{
              current: page.pageIndex,
              pageSize: page.pageOffset,
              total,
              pageSizeOptions: PAGE_SIZES,
              showSizeChanger: true,
              showTotal: (count) => t('maintain.detail.pageTotal', { count }),
              onChange: (pageIndex, pageOffset) =>
                setPage((current) => ({
                  pageIndex: pageOffset === current.pageOffset ? pageIndex : 1,
                  pageOffset,
                })),
            }}
            scroll={{ x: 'max-content' }}
            size="small"
          />
        </>
      )}
      {dialogs}
    </Drawer>
  )
}
