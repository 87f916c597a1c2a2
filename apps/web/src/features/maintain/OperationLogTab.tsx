import { Flex, type TableColumnsType, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatCompactDateTime } from '../../shared/format'
import '../../shared/i18n/maintain-messages'
import { type OperationLogEntry, useOperationLog } from './api'
import { LogTab } from './LogTab'
import { actionLabel, OPERATION_ACTIONS, resultLabel } from './log-labels'

const RESULTS = ['success', 'failed', 'partial', 'pending'] as const

/** Every operation on devices (who, what, which devices, old → new, result), from its executions. */
export function OperationLogTab() {
  const { t } = useTranslation()

  const columns: TableColumnsType<OperationLogEntry> = [
    {
      key: 'time',
      title: t('maintain.log.time'),
      render: (_value, entry) => formatCompactDateTime(entry.created_at),
    },
    { key: 'account', title: t('maintain.log.account'), render: (_value, entry) => entry.account ?? '—' },
    { key: 'action', title: t('maintain.log.action'), render: (_value, entry) => actionLabel(entry.action) },
    {
      key: 'devices',
      title: t('maintain.log.devices'),
      render: (_value, entry) => (
        <Flex gap={4} wrap style={{ maxWidth: 320 }}>
          {entry.devices.slice(0, 3).map((device) => (
            <Tag key={device.id} style={{ marginInlineEnd: 0 }}>
              {device.mac}
            </Tag>
          ))}
          {entry.device_count > 3 && (
            <Typography.Text type="secondary">
              {t('maintain.log.moreDevices', { count: entry.device_count - 3 })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'detail',
      title: t('maintain.log.detail'),
      render: (_value, entry) => (
        <Typography.Text ellipsis={{ tooltip: entry.detail }} style={{ maxWidth: 280 }}>
          {entry.detail ?? '—'}
        </Typography.Text>
      ),
    },
    { key: 'result', title: t('maintain.log.result'), render: (_value, entry) => resultLabel(entry.result) },
  ]

  return (
    <LogTab
      kind="operation"
      formName="operationLogFilters"
      useLog={useOperationLog}
      columns={columns}
      rowKey="id"
      results={RESULTS}
      actions={OPERATION_ACTIONS.map((value) => ({ value, label: actionLabel(value) }))}
    />
  )
}
