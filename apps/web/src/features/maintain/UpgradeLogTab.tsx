import type { TableColumnsType } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatCompactDateTime } from '../../shared/format'
import '../../shared/i18n/maintain-messages'
import { translateKey } from '../../shared/i18n/i18n'
import { type UpgradeLogEntry, useUpgradeLog } from './api'
import { LogTab } from './LogTab'
import { resultLabel } from './log-labels'
import { reasonKey } from './order-rules'

const RESULTS = ['waiting', 'upgrading', 'success', 'failed'] as const

/** Every order's device results: which device went from which version to which, and why it failed. */
export function UpgradeLogTab() {
  const { t } = useTranslation()

  const columns: TableColumnsType<UpgradeLogEntry> = [
    { key: 'order_no', title: t('maintain.log.orderNo'), dataIndex: 'order_no' },
    { key: 'mac', title: t('maintain.log.mac'), dataIndex: 'mac' },
    { key: 'model', title: t('maintain.log.model'), dataIndex: 'model' },
    {
      key: 'version',
      title: t('maintain.log.fromTo'),
      render: (_value, entry) => `${entry.from_version ?? '—'} → ${entry.to_version}`,
    },
    { key: 'result', title: t('maintain.log.result'), render: (_value, entry) => resultLabel(entry.result) },
    {
      key: 'reason',
      title: t('maintain.log.reason'),
      render: (_value, entry) => {
        if (!entry.reason) return '—'
        const { key, reason } = reasonKey(entry.reason)
        return translateKey(key, reason ? { reason } : undefined)
      },
    },
    {
      key: 'started',
      title: t('maintain.log.startedAt'),
      render: (_value, entry) => formatCompactDateTime(entry.started_at) ?? '—',
    },
    {
      key: 'finished',
      title: t('maintain.log.finishedAt'),
      render: (_value, entry) => formatCompactDateTime(entry.finished_at) ?? '—',
    },
    { key: 'account', title: t('maintain.log.account'), render: (_value, entry) => entry.account ?? '—' },
  ]

  return (
    <LogTab
      kind="upgrade"
      formName="upgradeLogFilters"
      useLog={useUpgradeLog}
      columns={columns}
      rowKey={(entry) => `${entry.order_id}-${entry.device_id}`}
      results={RESULTS}
    />
  )
}
