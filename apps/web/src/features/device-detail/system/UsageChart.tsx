import { theme } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { EChart } from '../../../shared/charts/EChart'
import type { UsagePoint } from '../api'
import { usageSeries } from './usage-series'

/** CPU and memory use over the chosen hours. Its own chunk with ECharts, loaded after the tab. */
export function UsageChart({ points, hours }: { points: readonly UsagePoint[]; hours: number }) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const cpuName = t('devices.info.cpu')
  const memName = t('devices.info.memory')

  const option = useMemo(() => {
    const series = usageSeries(points, hours, Date.now())
    return {
      color: [token.colorPrimary, token.colorWarning],
      grid: { left: 48, right: 16, top: 40, bottom: 32 },
      legend: { top: 0, data: [cpuName, memName] },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (value: number | null) => (value === null ? '—' : `${Math.round(value)}%`),
      },
      xAxis: { type: 'time', min: series.from, max: series.to },
      yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
      series: [
        { name: cpuName, type: 'line', showSymbol: false, data: series.cpu },
        { name: memName, type: 'line', showSymbol: false, data: series.mem },
      ],
    }
  }, [points, hours, cpuName, memName, token.colorPrimary, token.colorWarning])

  return <EChart option={option} height={260} label={t('deviceSettings.system.usageChartLabel')} />
}
