import { Flex, Progress, Typography } from 'antd'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/backups-messages'
import { useOperationProgress } from '../devices/operations-api'
import { isSettled, reasonText } from '../devices/progress'

/** Failures named under the bar; the operation log has the rest. */
const FAILURES_SHOWN = 10

/**
 * A backup's or restore's progress, as the operation log keeps it: how many devices are done,
 * failed and waiting, and the first failures' reasons. One device or a 10,000-device project
 * alike: the server counts, and sends only the failures shown.
 */
export function BatchProgressLine({
  operationId,
  onSettled,
}: {
  operationId: number
  /** every device has succeeded or failed */
  onSettled?: () => void
}) {
  const { t } = useTranslation()
  const progress = useOperationProgress(operationId, {
    pageIndex: 1,
    pageOffset: FAILURES_SHOWN,
    status: 'failed',
  })
  const settled = progress.data !== undefined && isSettled(progress.data)
  useEffect(() => {
    if (settled) onSettled?.()
  }, [settled, onSettled])
  const summary = progress.data?.summary
  const failures = progress.data?.targets ?? []
  const percentOf = (count: number) => (summary?.total ? Math.round((count / summary.total) * 100) : 0)
  return (
    <div role="status" aria-label={t('backups.progress')}>
      <Typography.Text>{t('backups.progress')}</Typography.Text>
      <Progress
        percent={percentOf((summary?.success ?? 0) + (summary?.failed ?? 0))}
        success={{ percent: percentOf(summary?.success ?? 0) }}
        status={summary?.failed ? 'exception' : undefined}
        size="small"
      />
      {summary && (
        <Typography.Text type="secondary">
          {t('backups.progressCounts', {
            done: summary.success,
            total: summary.total,
            failed: summary.failed,
            waiting: summary.pending,
          })}
        </Typography.Text>
      )}
      <Flex vertical>
        {failures.map((target) => (
          <Typography.Text key={target.device_id} type="danger">
            {target.mac}: {target.reason ? reasonText(target.reason) : ''}
          </Typography.Text>
        ))}
        {summary && summary.failed > failures.length && (
          <Typography.Text type="danger">
            {t('backups.moreFailed', { count: summary.failed - failures.length })}
          </Typography.Text>
        )}
      </Flex>
    </div>
  )
}
