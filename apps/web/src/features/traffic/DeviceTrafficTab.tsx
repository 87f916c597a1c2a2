import type { TrafficRange } from '@canopy/shared/validation'
import { Flex } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/traffic-messages'
import { type DeviceTrafficPoint, useDeviceTraffic } from './api'
import { type ChartLine, hasValues, lineOf } from './chart-series'
import { TrafficPanel } from './TrafficPanel'
import { TrafficRangeSwitch } from './TrafficRangeSwitch'

type Counter = Exclude<keyof DeviceTrafficPoint, 'at' | 'clients'>

/** The device detail's traffic tab: WAN and each band's throughput, and the clients, over the last hour, day or week. */
export function DeviceTrafficTab({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation()
  const [range, setRange] = useState<TrafficRange>('day')
  const traffic = useDeviceTraffic(deviceId, range)
  const points = traffic.data?.points
  const names: Record<Counter | 'clients', string> = {
    wan_rx: t('traffic.wanDownload'),
    wan_tx: t('traffic.wanUpload'),
    radio2g_tx: t('traffic.radio2gDown'),
    radio2g_rx: t('traffic.radio2gUp'),
    radio5g_tx: t('traffic.radio5gDown'),
    radio5g_rx: t('traffic.radio5gUp'),
    clients: t('traffic.clients'),
  }
  const namesKey = JSON.stringify(names)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the names change only with the language (namesKey)
  const lines = useMemo<ChartLine[]>(() => {
    if (!points) return []
    const counters: Counter[] = ['wan_rx', 'wan_tx', 'radio2g_tx', 'radio2g_rx', 'radio5g_tx', 'radio5g_rx']
    const throughput = counters
      .map(
        (counter): ChartLine => ({
          name: names[counter],
          axis: 'throughput',
          data: lineOf(points, (p) => p[counter]),
        }),
      )
      // A band the device does not have (or does not count) is no line at all.
      .filter((line) => hasValues(line.data))
    return [...throughput, { name: names.clients, axis: 'clients', data: lineOf(points, (p) => p.clients) }]
  }, [points, namesKey])

  return (
    <Flex vertical gap={16} data-testid="device-traffic">
      <Flex justify="flex-end">
        <TrafficRangeSwitch value={range} onChange={setRange} />
      </Flex>
      <TrafficPanel
        query={traffic}
        chart={traffic.data}
        lines={lines}
        byDay={range === 'week'}
        height={340}
        label={t('traffic.deviceChartLabel')}
      />
    </Flex>
  )
}
