import { theme } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { EChart } from '../../shared/charts/EChart'
import { formatDateTime } from '../../shared/format'
import '../../shared/i18n/device-messages'
import type { ClientsPoint } from '../devices/api'
import { clientsSeries, timeTickLabel } from './chart-data'

export interface OnlineClientsChartProps {
  points: readonly ClientsPoint[]
  hours: number
}

interface TooltipParam {
  marker: string
  seriesName: string
  value: [number, number | null]
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}

/**
 * Online clients (and online devices) over the last hours, one point per 5-minute sample.
 * Its own chunk with ECharts: the home page's cards paint without waiting for it.
 */
export function OnlineClientsChart({ points, hours }: OnlineClientsChartProps) {
  const { t, i18n } = useTranslation()
  const { token } = theme.useToken()
  const clientsName = t('devices.overview.clients')
  const devicesName = t('devices.overview.onlineDevices')
  const language = i18n.resolvedLanguage

  const option = useMemo(() => {
    const series = clientsSeries(points, hours, Date.now())
    return {
      color: [token.colorPrimary, token.colorSuccess],
      grid: { left: 48, right: 16, top: 40, bottom: 32 },
      legend: { top: 0, data: [clientsName, devicesName] },
      tooltip: {
        trigger: 'axis',
        formatter: (params: TooltipParam | TooltipParam[]) => {
          const list = Array.isArray(params) ? params : [params]
          const at = list[0]?.value[0]
          const head = at === undefined ? '' : escapeHtml(formatDateTime(new Date(at).toISOString()) ?? '')
          const lines = list.map(
            (param) => `${param.marker}${escapeHtml(param.seriesName)}: ${param.value[1] ?? '—'}`,
          )
          return [head, ...lines].join('<br/>')
        },
      },
      xAxis: {
        type: 'time',
        min: series.from,
        max: series.to,
        axisLabel: {
          formatter: (value: number) => timeTickLabel(value, language ?? 'en-us'),
          hideOverlap: true,
        },
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          name: clientsName,
          type: 'line',
          showSymbol: false,
          connectNulls: false,
          areaStyle: { opacity: 0.12 },
          data: series.clients,
        },
        { name: devicesName, type: 'line', showSymbol: false, connectNulls: false, data: series.devices },
      ],
    }
  }, [points, hours, clientsName, devicesName, token.colorPrimary, token.colorSuccess, language])

  return <EChart option={option} height={280} label={t('devices.overview.chartLabel')} />
}
