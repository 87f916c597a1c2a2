import { Empty, Segmented, Skeleton } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useDeviceReports } from '../api'
import { SettingsCard } from '../forms/SettingsCard'

const UsageChart = lazy(() => import('./UsageChart').then((m) => ({ default: m.UsageChart })))

const PERIODS = [1, 24, 168] as const

/** CPU and memory history (§7 reports) over the last hour, day or week. */
export function UsageCard({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation()
  const [hours, setHours] = useState<number>(24)
  const reports = useDeviceReports(deviceId, hours)
  const labels: Record<(typeof PERIODS)[number], string> = {
    1: t('deviceSettings.system.lastHour'),
    24: t('deviceSettings.system.lastDay'),
    168: t('deviceSettings.system.lastWeek'),
  }
  const points = reports.data?.points ?? []

  return (
    <SettingsCard
      title={t('deviceSettings.system.usage')}
      extra={
        <Segmented
          size="small"
          value={hours}
          onChange={(value) => setHours(Number(value))}
          options={PERIODS.map((period) => ({ value: period, label: labels[period] }))}
        />
      }
    >
      {reports.isPending ? (
        <Skeleton active />
      ) : points.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('deviceSettings.system.noSamples')} />
      ) : (
        <Suspense fallback={<Skeleton active />}>
          <UsageChart points={points} hours={hours} />
        </Suspense>
      )}
    </SettingsCard>
  )
}
