import { Descriptions, type DescriptionsProps, Flex } from 'antd'
import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../shared/format'
import type { DeviceInfo, Telemetry } from '../../devices/api'
import { DeviceStatusBadge } from '../../devices/DeviceStatusBadge'
import { deviceTypeLabels, projectName } from '../../devices/labels'
import { UsageBar } from '../../devices/UsageBar'
import { formatUptime } from '../../devices/uptime'
import { DeviceUpgradeStatus } from '../../maintain/UpgradeState'

type Items = NonNullable<DescriptionsProps['items']>
type Lte = NonNullable<Telemetry['lte']>

/** Descriptions items, leaving out what the device did not report. */
function items(entries: [key: string, label: string, value: ReactNode][]): Items {
  return entries
    .filter(([, , value]) => value !== undefined && value !== null && value !== '')
    .map(([key, label, children]) => ({ key, label, children }))
}

function simLabel(t: TFunction, sim: Lte['sim']): string | undefined {
  if (!sim) return undefined
  const labels: Record<NonNullable<Lte['sim']>, string> = {
    ready: t('devices.info.simStates.ready'),
    absent: t('devices.info.simStates.absent'),
    locked: t('devices.info.simStates.locked'),
    error: t('devices.info.simStates.error'),
  }
  return labels[sim]
}

/** The device as the cloud knows it and as it last reported (§3: firmware, uptime, load, 4G module). */
export function DeviceFacts({ device }: { device: DeviceInfo }) {
  const { t } = useTranslation()
  const report = device.telemetry
  // An offline device's last load no longer holds (its uptime and load show as in the list).
  const live = device.status === 'online' ? report : null
  const usage = (value: number | undefined, label: string) =>
    value === undefined ? undefined : <UsageBar percent={value} label={label} />

  const basics = items([
    ['status', t('devices.info.status'), <DeviceStatusBadge key="status" status={device.status} />],
    ['mac', t('devices.info.mac'), device.mac],
    ['model', t('devices.info.model'), device.model],
    ['type', t('devices.info.type'), deviceTypeLabels(t)[device.type]],
    [
      'firmware',
      t('devices.info.firmware'),
      device.firmware && (
        <Flex key="firmware" gap={8} wrap align="center">
          {device.firmware}
          <DeviceUpgradeStatus device={device} />
        </Flex>
      ),
    ],
    ['project', t('devices.info.project'), projectName(device, t('projects.rootName'))],
    [
      'uptime',
      t('devices.info.uptime'),
      live?.uptime === undefined ? undefined : formatUptime(live.uptime, t),
    ],
    ['cpu', t('devices.info.cpu'), usage(live?.cpu, t('devices.info.cpu'))],
    ['memory', t('devices.info.memory'), usage(live?.mem, t('devices.info.memory'))],
    ['clients', t('devices.info.clients'), live?.clients],
    ['accessTime', t('devices.info.accessTime'), formatDateTime(device.access_time)],
    ['statusSince', t('devices.info.statusSince'), formatDateTime(device.status_changed_at)],
    ['lastSeen', t('devices.info.lastSeen'), formatDateTime(device.last_seen_at)],
  ])
  const lte = report?.lte
  const lteItems = lte
    ? items([
        ['sim', t('devices.info.sim'), simLabel(t, lte.sim)],
        ['imsi', t('devices.info.imsi'), lte.imsi],
        ['iccid', t('devices.info.iccid'), lte.iccid],
        ['module', t('devices.info.module'), lte.module],
        ['moduleVersion', t('devices.info.moduleVersion'), lte.moduleVersion],
        [
          'signal',
          t('devices.info.signal'),
          lte.signal === undefined ? undefined : t('devices.info.signalValue', { dbm: lte.signal }),
        ],
        ['operator', t('devices.info.operator'), lte.operator],
      ])
    : []

  return (
    <>
      <Descriptions items={basics} size="small" column={{ xs: 1, sm: 2, lg: 3 }} />
      {lteItems.length > 0 && (
        <Descriptions
          title={t('devices.info.lte')}
          items={lteItems}
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          style={{ marginTop: 16 }}
        />
      )}
    </>
  )
}
