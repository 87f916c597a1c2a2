import { Alert, Button, Empty, Skeleton } from 'antd'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { withTimeout } from '../../shared/chunk-timeout'
import '../../shared/i18n/traffic-messages'
import { type ChartLine, hasValues } from './chart-series'
import type { TrafficChartProps } from './TrafficChart'

// ECharts is big: the chart is a chunk of its own, asked for only once there is something to draw.
const TrafficChart = lazy(() =>
  withTimeout(import('./TrafficChart')).then((m) => ({ default: m.TrafficChart })),
)

interface TrafficPanelProps extends Omit<TrafficChartProps, 'lines' | 'from' | 'to'> {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown }
  chart: { from: string; to: string } | undefined
  lines: readonly ChartLine[]
}

/** A traffic chart's states: loading, failed (with a retry), nothing measured yet, or the chart. */
export function TrafficPanel({ query, chart, lines, ...props }: TrafficPanelProps) {
  const { t } = useTranslation()
  if (query.isPending) return <Skeleton active />
  if (query.isError && !chart) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('traffic.loadFailed')}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('traffic.retry')}
          </Button>
        }
      />
    )
  }
  if (!chart || !lines.some((line) => hasValues(line.data))) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('traffic.noSamples')} />
  }
  return (
    <Suspense fallback={<Skeleton active />}>
      <TrafficChart lines={lines} from={chart.from} to={chart.to} {...props} />
    </Suspense>
  )
}
