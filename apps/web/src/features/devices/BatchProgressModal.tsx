import { Alert, Button, Flex, Modal, Progress, Table, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/device-operations-messages'
import type { Device } from './api'
import { deviceLabel } from './labels'
import type { DeviceOperation } from './list-actions'
import { useOperationProgress } from './operations-api'
import { isSettled, type OperationTarget, reasonText, type TargetStatus } from './progress'

export interface BatchProgressModalProps {
  operationId: number
  action: DeviceOperation
  /** the devices the operation was for: their names label the rows */
  devices: readonly Device[]
  onClose: () => void
}

/** Devices a page of the table shows (a batch may hold 10,000). */
const PAGE_SIZE = 20

const STATUS_COLOURS: Record<TargetStatus, string> = {
  pending: 'default',
  applying: 'processing',
  success: 'success',
  failed: 'error',
}

/**
 * An accepted operation, device by device, until every one has settled: nothing is
 * half-applied silently, a failed device shows with its reason. Closing it stops nothing.
 */
export function BatchProgressModal({ operationId, action, devices, onClose }: BatchProgressModalProps) {
  const { t } = useTranslation()
  const [pageIndex, setPageIndex] = useState(1)
  const progress = useOperationProgress(operationId, { pageIndex, pageOffset: PAGE_SIZE })
  const summary = progress.data?.summary ?? { total: 0, pending: 0, applying: 0, success: 0, failed: 0 }
  const finished = summary.success + summary.failed
  const names = new Map(devices.map((device) => [device.id, deviceLabel(device)]))
  const titles: Record<DeviceOperation, string> = {
    reboot: t('deviceOperations.progress.titles.reboot'),
    wifi: t('deviceOperations.progress.titles.wifi'),
    timedReboot: t('deviceOperations.progress.titles.timedReboot'),
    led: t('deviceOperations.progress.titles.led'),
  }
  const statuses: Record<TargetStatus, string> = {
    pending: t('deviceOperations.progress.statuses.pending'),
    applying: t('deviceOperations.progress.statuses.applying'),
    success: t('deviceOperations.progress.statuses.success'),
    failed: t('deviceOperations.progress.statuses.failed'),
  }
  const settled = progress.data !== undefined && isSettled(progress.data)

  return (
    <Modal
      open
      width={640}
      title={titles[action]}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('deviceOperations.progress.close')}</Button>}
    >
      {progress.isError && !progress.data ? (
        <Alert type="error" showIcon title={t('deviceOperations.progress.loadFailed')} />
      ) : (
        <Flex vertical gap={12}>
          <Progress
            percent={summary.total ? Math.round((finished / summary.total) * 100) : 0}
            status={summary.failed ? 'exception' : settled ? 'success' : 'active'}
            showInfo={false}
          />
          <Typography.Text role="status">
            {t('deviceOperations.progress.summary', { done: summary.success, total: summary.total })}
          </Typography.Text>
          {summary.failed > 0 && (
            <Alert
              type="error"
              showIcon
              title={t('deviceOperations.progress.someFailed', { count: summary.failed })}
            />
          )}
          {settled && summary.failed === 0 && (
            <Alert type="success" showIcon title={t('deviceOperations.progress.allDone')} />
          )}
          {!settled && summary.pending > 0 && action !== 'reboot' && (
            <Alert type="info" showIcon title={t('deviceOperations.progress.waiting')} />
          )}
          {!settled && progress.data && (
            <Typography.Text type="secondary">{t('deviceOperations.progress.running')}</Typography.Text>
          )}
          <Table<OperationTarget>
            rowKey="device_id"
            size="small"
            pagination={{
              current: pageIndex,
              pageSize: PAGE_SIZE,
              total: progress.data?.matching ?? 0,
              onChange: setPageIndex,
              hideOnSinglePage: true,
              showSizeChanger: false,
            }}
            loading={progress.isPending}
            dataSource={progress.data?.targets ?? []}
            scroll={{ y: 320 }}
            columns={[
              {
                title: t('deviceOperations.progress.device'),
                key: 'device',
                render: (_, target) => (
                  <Flex vertical>
                    <span>{names.get(target.device_id) ?? target.mac}</span>
                    <Typography.Text type="secondary">{target.mac}</Typography.Text>
                  </Flex>
                ),
              },
              {
                title: t('deviceOperations.progress.status'),
                key: 'status',
                render: (_, target) => (
                  <Tag color={STATUS_COLOURS[target.status]}>{statuses[target.status]}</Tag>
                ),
              },
              {
                title: t('deviceOperations.progress.reason'),
                key: 'reason',
                render: (_, target) => (target.reason ? reasonText(target.reason) : ''),
              },
            ]}
          />
        </Flex>
      )}
    </Modal>
  )
}
