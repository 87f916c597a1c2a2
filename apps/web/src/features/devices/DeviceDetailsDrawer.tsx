import { Alert, Descriptions, type DescriptionsProps, Drawer, Flex, Grid, Table, Typography } from 'antd'
import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../shared/format'
import '../../shared/i18n/device-messages'
import { PageSpinner } from '../../shared/ui/PageSpinner'
import { type DeviceInfo, type Telemetry, useDeviceInfo } from './api'
import { DeviceStatusBadge } from './DeviceStatusBadge'
import { deviceLabel, deviceTypeLabels, projectName } from './labels'
import { formatUptime } from './uptime'

type Items = NonNullable<DescriptionsProps['items']>
type Interface = NonNullable<Telemetry['wan']>
type Radio = NonNullable<Telemetry['radios']>[number]
type Lte = NonNullable<Telemetry['lte']>

const NONE = '—'

/** Descriptions items, leaving out what the device did not report. */
function items(entries: [key: string, label: string, value: ReactNode][]): Items {
  return entries
    .filter(([, , value]) => value !== undefined && value !== null && value !== '')
    .map(([key, label, children]) => ({ key, label, children }))
}

function connectionLabel(t: TFunction, type: Interface['type']): string | undefined {
  if (!type) return undefined
  const labels: Record<NonNullable<Interface['type']>, string> = {
    static: t('devices.info.connections.static'),
    pppoe: t('devices.info.connections.pppoe'),
    dhcp: t('devices.info.connections.dhcp'),
    mobile: t('devices.info.connections.mobile'),
  }
  return labels[type]
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

function interfaceItems(t: TFunction, info: Interface | undefined, withType: boolean): Items {
  if (!info) return []
  return items([
    ['type', t('devices.info.connection'), withType ? connectionLabel(t, info.type) : undefined],
    ['ip', t('devices.info.ip'), info.ip],
    ['mask', t('devices.info.mask'), info.mask],
    ['gateway', t('devices.info.gateway'), info.gateway],
    ['dns', t('devices.info.dns'), info.dns?.join(', ')],
    ['mac', t('devices.info.interfaceMac'), info.mac],
  ])
}

function Section({ title, items: list }: { title: string; items: Items }) {
  if (list.length === 0) return null
  return (
    <Descriptions
      title={<h3 style={{ margin: 0, fontSize: 15 }}>{title}</h3>}
      items={list}
      column={1}
      size="small"
      bordered
    />
  )
}

function DeviceDetails({ device }: { device: DeviceInfo }) {
  const { t } = useTranslation()
  const report = device.telemetry
  const online = device.status === 'online'
  const percent = (value: number | undefined | null) =>
    value === undefined || value === null ? undefined : `${Math.round(value)}%`

  const basics = items([
    ['status', t('devices.info.status'), <DeviceStatusBadge key="status" status={device.status} />],
    ['name', t('devices.info.name'), device.name],
    ['mac', t('devices.info.mac'), device.mac],
    ['model', t('devices.info.model'), device.model],
    ['type', t('devices.info.type'), deviceTypeLabels(t)[device.type]],
    ['firmware', t('devices.info.firmware'), device.firmware],
    ['project', t('devices.info.project'), projectName(device, t('projects.rootName'))],
    ['remark', t('devices.info.remark'), device.remark],
    ['accessTime', t('devices.info.accessTime'), formatDateTime(device.access_time)],
    ['statusSince', t('devices.info.statusSince'), formatDateTime(device.status_changed_at)],
    ['lastSeen', t('devices.info.lastSeen'), formatDateTime(device.last_seen_at)],
    [
      'uptime',
      t('devices.info.uptime'),
      report?.uptime === undefined ? undefined : formatUptime(report.uptime, t),
    ],
    ['cpu', t('devices.info.cpu'), percent(report?.cpu)],
    ['memory', t('devices.info.memory'), percent(report?.mem)],
    ['clients', t('devices.info.clients'), report?.clients],
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

  const bands: Record<Radio['band'], string> = {
    '2g': t('devices.info.bands.2g'),
    '5g': t('devices.info.bands.5g'),
  }
  const radios = report?.radios ?? []

  return (
    <Flex vertical gap={24}>
      {!report ? (
        <Alert type="info" showIcon title={t('devices.info.noReport')} />
      ) : (
        !online && <Alert type="warning" showIcon title={t('devices.info.staleReport')} />
      )}
      <Section title={t('devices.info.basics')} items={basics} />
      <Section title={t('devices.info.wan')} items={interfaceItems(t, report?.wan, true)} />
      <Section title={t('devices.info.lan')} items={interfaceItems(t, report?.lan, false)} />
      {radios.length > 0 && (
        <section>
          <Typography.Title level={3} style={{ fontSize: 15 }}>
            {t('devices.info.radios')}
          </Typography.Title>
          <Table<Radio>
            rowKey={(radio) => `${radio.band}:${radio.channel ?? ''}`}
            dataSource={radios}
            pagination={false}
            size="small"
            columns={[
              { title: t('devices.info.band'), key: 'band', render: (_, radio) => bands[radio.band] },
              { title: t('devices.info.channel'), dataIndex: 'channel' },
              { title: t('devices.info.clients'), dataIndex: 'clients' },
              {
                title: t('devices.info.txPower'),
                key: 'txPower',
                render: (_, radio) => percent(radio.txPower) ?? NONE,
              },
              {
                title: t('devices.info.utilization'),
                key: 'utilization',
                render: (_, radio) => percent(radio.utilization) ?? NONE,
              },
            ]}
          />
        </section>
      )}
      <Section title={t('devices.info.lte')} items={lteItems} />
    </Flex>
  )
}

/** A device's details (backend/device/infos), kept fresh while open. */
export function DeviceDetailsDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation()
  const info = useDeviceInfo(id)
  const wide = Grid.useBreakpoint().md ?? true

  return (
    <Drawer
      open
      size={wide ? 560 : '100%'}
      title={
        info.data ? t('devices.info.titleOf', { name: deviceLabel(info.data) }) : t('devices.info.title')
      }
      onClose={onClose}
    >
      {info.data ? (
        <DeviceDetails device={info.data} />
      ) : info.isError ? (
        <Alert type="error" showIcon title={t('devices.info.loadFailed')} />
      ) : (
        <PageSpinner />
      )}
    </Drawer>
  )
}
