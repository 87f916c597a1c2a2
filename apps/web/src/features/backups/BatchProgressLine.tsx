import { Progress, Typography } from 'antd'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/backups-messages'
import { useOperationProgress } from '../devices/operations-api'
import { isSettled } from '../devices/progress'

/** A backup's or restore's progress, per device, as the operation log keeps it. */
export function BatchProgressLine({
  operationId,
  onSettled,
}: {
  operationId: number
  onSettled: () => void
}) {
  const { t } = useTranslation()
  const progress = useOperationProgress(operationId)
  const settled = progress.data !== undefined && isSettled(progress.data)
  useEffect(() => {
    if (settled) onSettled()
  }, [settled, onSettled])
  const targets = progress.data?.targets ?? []
  const done = targets.filter((target) => target.status === 'success').length
  const failed = targets.filter((target) => target.status === 'failed')
  return (
    <div role="status" aria-label={t('backups.progress')}>
      <Typography.Text>{t('backups.progress')}</Typography.Text>
      <Progress
        percent={targets.length ? Math.round(((done + failed.length) / targets.length) * 100) : 0}
        success={{ percent: targets.length ? Math.round((done / targets.length) * 100) : 0 }}
        status={failed.length > 0 ? 'exception' : undefined}
        size="small"
      />
      {failed.map((target) => (
        <Typography.Text key={target.device_id} type="danger">
          {target.reason}
        </Typography.Text>
      ))}
    </div>
  )
}
