import type { TrafficRange } from '@canopy/shared/validation'
import { Card, Flex } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/traffic-messages'
import { useProjectTree } from '../projects/api'
import { ProjectSelect } from '../projects/ProjectSelect'
import { useTotalTraffic } from './api'
import { type ChartLine, lineOf } from './chart-series'
import { TrafficPanel } from './TrafficPanel'
import { TrafficRangeSwitch } from './TrafficRangeSwitch'

/** The home page's traffic: WAN download and upload and online clients of all the caller's projects, or one subtree. */
export function TrafficCard() {
  const { t } = useTranslation()
  const [range, setRange] = useState<TrafficRange>('day')
  const [gid, setGid] = useState<number>()
  const tree = useProjectTree()
  const traffic = useTotalTraffic(range, gid)
  const points = traffic.data?.points
  const download = t('traffic.download')
  const upload = t('traffic.upload')
  const clients = t('traffic.clients')
  const lines = useMemo<ChartLine[]>(() => {
    if (!points) return []
    return [
      { name: download, axis: 'throughput', data: lineOf(points, (point) => point.rx) },
      { name: upload, axis: 'throughput', data: lineOf(points, (point) => point.tx) },
      { name: clients, axis: 'clients', data: lineOf(points, (point) => point.clients) },
    ]
  }, [points, download, upload, clients])

  return (
    <Card
      data-testid="home-traffic"
      title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('traffic.homeTitle')}</h2>}
      extra={
        <Flex gap={8} wrap align="center">
          <TrafficRangeSwitch value={range} onChange={setRange} />
          <ProjectSelect
            tree={tree.data ?? []}
            value={gid}
            onChange={setGid}
            allowClear
            placeholder={t('traffic.allProjects')}
            aria-label={t('traffic.project')}
            style={{ width: 180 }}
          />
        </Flex>
      }
    >
      <TrafficPanel
        query={traffic}
        chart={traffic.data}
        lines={lines}
        byDay={range === 'week'}
        label={t('traffic.homeChartLabel')}
      />
    </Card>
  )
}
