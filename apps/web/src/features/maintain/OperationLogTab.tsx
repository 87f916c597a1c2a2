import { Flex, type TableColumnsType, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../../shared/api'
import { formatCompactDateTime } from '../../shared/format'
import '../../shared/i18n/maintain-messages'
import { PagedTable } from '../../shared/ui/PagedTable'
import { type LogFilters, type OperationLogEntry, useOperationLog } from './api'
import { LogFilterBar } from './LogFilterBar'
import { actionLabel, OPERATION_ACTIONS, resultLabel } from './log-labels'
import { exportParams } from './log-request'
import { saveFile } from './save-file'

const PAGE_SIZE = 20
const RESULTS = ['success', 'failed', 'partial', 'pending'] as const

/** Every operation on devices (who, what, which devices, old → new, result), from its executions. */
export function OperationLogTab() {
  const { t } = useTranslation()
  const [filters, setFilters] = useState<LogFilters>({})
  const [pageIndex, setPageIndex] = useState(1)
  const list = useOperationLog({ pageIndex, pageOffset: PAGE_SIZE, ...filters })

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
    <>
      <LogFilterBar
        name="operationLogFilters"
        results={RESULTS.map((value) => ({ value, label: resultLabel(value) }))}
        actions={OPERATION_ACTIONS.map((value) => ({ value, label: actionLabel(value) }))}
        onSearch={(next) => {
          setFilters(next)
          setPageIndex(1)
        }}
        onExport={async (current) =>
          saveFile(
            await api.download('backend/log/operation/export', exportParams(current)),
            'operation-log.csv',
          )
        }
      />
      <PagedTable
        list={list}
        columns={columns}
        rowKey="id"
        pageIndex={pageIndex}
        pageSize={PAGE_SIZE}
        onPage={setPageIndex}
        totalText={(total) => t('maintain.log.total', { total })}
        loadFailed={t('maintain.log.loadFailed')}
        empty={t('maintain.log.empty')}
      />
    </>
  )
}
