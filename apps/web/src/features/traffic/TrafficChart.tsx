import { theme } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { EChart } from '../../shared/charts/EChart'
import { formatDateTime } from '../../shared/format'
import '../../shared/i18n/traffic-messages'
import type { ChartLine } from './chart-series'
import { throughput } from './throughput'

export interface TrafficChartProps {
  lines: readonly ChartLine[]
  /** the window the x axis spans (ISO times) */
  from: string
  to: string
  /** a week's axis names days, shorter windows the time of day */
  byDay: boolean
  label: string
  height?: number
}

interface TooltipParam {
  marker: string
  seriesName: string
  seriesIndex: number
  value: [number, number | null]
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}

/**
 * Throughput lines on the left axis (bits a second, as operators read them) and clients on the
 * right, over a window. Its own chunk with ECharts, which draws on a canvas (no inline script or
 * style for the CSP); `EChart` turns animation off for users who ask for reduced motion.
 */
export function TrafficChart({ lines, from, to, byDay, label, height = 300 }: TrafficChartProps) {
  const { t, i18n } = useTranslation()
  const { token } = theme.useToken()
  const language = i18n.resolvedLanguage

  const option = useMemo(() => {
    const rate = (bytesPerSecond: number) => {
      const { unit, value } = throughput(bytesPerSecond)
      return t(`traffic.units.${unit}`, { value: value.toLocaleString(language) })
    }
    const show = (param: TooltipParam) => {
      const value = param.value[1]
      if (value === null) return '—'
      return lines[param.seriesIndex]?.axis === 'clients' ? String(value) : rate(value)
    }
    return {
      color: [
        token.colorPrimary,
        token.colorSuccess,
        token.colorWarning,
        token.colorInfo,
        token.colorError,
        token.purple,
        token.colorTextSecondary,
      ],
      grid: { left: 88, right: 48, top: 56, bottom: 32 },
      legend: { top: 0, type: 'scroll', data: lines.map((line) => line.name) },
      tooltip: {
        trigger: 'axis',
        formatter: (params: TooltipParam | TooltipParam[]) => {
          const list = Array.isArray(params) ? params : [params]
          const at = list[0]?.value[0]
          const head = at === undefined ? '' : escapeHtml(formatDateTime(new Date(at).toISOString()) ?? '')
          return [
            head,
            ...list.map(
              (param) => `${param.marker}${escapeHtml(param.seriesName)}: ${escapeHtml(show(param))}`,
            ),
          ].join('<br/>')
        },
      },
      xAxis: {
        type: 'time',
        min: Date.parse(from),
        max: Date.parse(to),
        axisLabel: { formatter: byDay ? '{MM}-{dd}' : '{HH}:{mm}', hideOverlap: true },
      },
      yAxis: [
        { type: 'value', name: t('traffic.throughput'), min: 0, axisLabel: { formatter: rate } },
        { type: 'value', name: t('traffic.clients'), min: 0, minInterval: 1, splitLine: { show: false } },
      ],
      series: lines.map((line) => ({
        name: line.name,
        type: 'line',
        yAxisIndex: line.axis === 'clients' ? 1 : 0,
        showSymbol: false,
        connectNulls: false,
        ...(line.axis === 'clients' ? { lineStyle: { type: 'dashed' } } : { areaStyle: { opacity: 0.08 } }),
        data: line.data,
      })),
    }
  }, [lines, from, to, byDay, t, token, language])

  return <EChart option={option} height={height} label={label} />
}
