import { Card, Empty, Skeleton } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { withTimeout } from '../../shared/chunk-timeout'
import '../../shared/i18n/device-messages'
import { useOnlineClients } from '../devices/api'
import { useProjectTree } from '../projects/api'
import { ProjectSelect } from '../projects/ProjectSelect'

/** The chart's window (§7 clients/onlines: 1-168 hours, 24 by default). */
const HOURS = 24

// ECharts is big: the chart is a chunk of its own, which only this card asks for.
const OnlineClientsChart = lazy(() =>
  withTimeout(import('./OnlineClientsChart')).then((m) => ({ default: m.OnlineClientsChart })),
)

/** Online clients over the last 24 hours, for all the caller's projects or one subtree. */
export function OnlineClientsCard() {
  const { t } = useTranslation()
  const [gid, setGid] = useState<number>()
  const tree = useProjectTree()
  const clients = useOnlineClients(HOURS, gid)
  const points = clients.data?.points ?? []

  return (
    <Card
      title={<h3 style={{ margin: 0, fontSize: 16 }}>{t('devices.overview.clientsTitle')}</h3>}
      extra={
        <ProjectSelect
          tree={tree.data ?? []}
          value={gid}
          onChange={setGid}
          allowClear
          placeholder={t('devices.overview.allProjects')}
          aria-label={t('devices.overview.chartProject')}
          style={{ width: 200 }}
        />
      }
    >
      {clients.isPending ? (
        <Skeleton active />
      ) : points.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('devices.overview.noSamples')} />
      ) : (
        <Suspense fallback={<Skeleton active />}>
          <OnlineClientsChart points={points} hours={HOURS} />
        </Suspense>
      )}
    </Card>
  )
}
