import type { TableColumnsType } from 'antd'
import { Flex, Tag, Typography } from 'antd'
import type { SortOrder } from 'antd/es/table/interface'
import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import { formatCompactDateTime } from '../../shared/format'
import '../../shared/i18n/backups-messages'
import '../../shared/i18n/templates-messages'
import type { DeviceUpgradeState } from '../maintain/api'
import { UpgradeState } from '../maintain/UpgradeState'
import type { DeviceTemplateState } from '../templates/api'
import { TemplateStateTags } from '../templates/TemplateBadge'
import type { Device, DeviceListQuery, DeviceSortField } from './api'
import type { DeviceColumnKey } from './column-preferences'
import { DeviceStatusBadge } from './DeviceStatusBadge'
import { deviceLabel, deviceTypeLabels, projectName } from './labels'
import { UsageBar } from './UsageBar'
import { formatUptime } from './uptime'

export interface DeviceColumnsOptions {
  t: TFunction
  request: DeviceListQuery
  rootLabel: string
  /** the columns the user shows (see column-preferences.ts) */
  shown: readonly DeviceColumnKey[]
  /** a row's actions: the primary one and a menu of the others (RowActions) */
  rowActions: (device: Device) => ReactNode
  /** each device's upgrade status and newer version, for accounts that may upgrade */
  upgradeStates?: ReadonlyMap<number, DeviceUpgradeState>
  /** each device's configuration template, read when the column shows */
  templateStates?: ReadonlyMap<number, DeviceTemplateState>
  /** the page's devices whose running configuration drifted from what Canopy set */
  drifted?: ReadonlySet<number>
}

const NONE = '—'

/** antd's sort state of a column, from the request the URL holds. */
function sortOrderOf(request: DeviceListQuery, field: DeviceSortField): SortOrder {
  if (request.sort !== field) return null
  return request.order === 'asc' ? 'ascend' : 'descend'
}

/** Every column's title, for the table and the column chooser alike. */
export function deviceColumnTitles(t: TFunction): Record<DeviceColumnKey, string> {
  return {
    status: t('devices.list.columns.status'),
    name: t('devices.list.columns.name'),
    mac: t('devices.list.columns.mac'),
    ip: t('devices.list.columns.ip'),
    model: t('devices.list.columns.model'),
    firmware: t('devices.list.columns.firmware'),
    uptime: t('devices.list.columns.uptime'),
    cpu: t('devices.list.columns.cpu'),
    memory: t('devices.list.columns.memory'),
    clients: t('devices.list.columns.clients'),
    accessTime: t('devices.list.columns.accessTime'),
    project: t('devices.list.columns.project'),
    template: t('templates.device.column'),
  }
}

/**
 * The device list's columns (§3 device), those the user shows, then the row actions. An offline
 * device's uptime, load, clients and address are those of its last report, which no longer
 * hold: they show as a dash (its details keep them).
 */
export function deviceColumns(options: DeviceColumnsOptions): TableColumnsType<Device> {
  const { t, request, rootLabel } = options
  const typeLabels = deviceTypeLabels(t)
  const titles = deviceColumnTitles(t)
  const sortable = (field: DeviceSortField) => ({
    sorter: true,
    sortOrder: sortOrderOf(request, field),
    sortDirections: ['ascend', 'descend'] as SortOrder[],
  })
  const live = (device: Device) => device.status === 'online'

  const all: Record<DeviceColumnKey, TableColumnsType<Device>[number]> = {
    status: {
      ...sortable('status'),
      render: (_, device) => (
        <Flex vertical align="start" gap={2}>
          <DeviceStatusBadge status={device.status} />
          {options.drifted?.has(device.id) && <Tag color="warning">{t('backups.drift.tag')}</Tag>}
        </Flex>
      ),
    },
    name: { ...sortable('name'), render: (_, device) => device.name ?? NONE },
    mac: {
      ...sortable('mac'),
      render: (_, device) => <Typography.Text code>{device.mac}</Typography.Text>,
    },
    ip: { render: (_, device) => (live(device) && device.wan_ip ? device.wan_ip : NONE) },
    model: {
      ...sortable('model'),
      render: (_, device) => (
        <Flex vertical>
          <span>{device.model}</span>
          <Typography.Text type="secondary">{typeLabels[device.type] ?? device.type}</Typography.Text>
        </Flex>
      ),
    },
    firmware: {
      ...sortable('firmware'),
      render: (_, device) => (
        <Flex vertical gap={2}>
          <span>{device.firmware ?? NONE}</span>
          <UpgradeState state={options.upgradeStates?.get(device.id)} />
        </Flex>
      ),
    },
    uptime: {
      ...sortable('uptime'),
      render: (_, device) => (live(device) && device.uptime !== null ? formatUptime(device.uptime, t) : NONE),
    },
    cpu: {
      render: (_, device) =>
        live(device) && device.cpu !== null ? (
          <UsageBar percent={device.cpu} label={t('devices.list.cpuOf', { name: deviceLabel(device) })} />
        ) : (
          NONE
        ),
    },
    memory: {
      render: (_, device) =>
        live(device) && device.mem !== null ? (
          <UsageBar percent={device.mem} label={t('devices.list.memoryOf', { name: deviceLabel(device) })} />
        ) : (
          NONE
        ),
    },
    clients: {
      ...sortable('clients'),
      align: 'right',
      render: (_, device) => (live(device) && device.clients !== null ? device.clients : NONE),
    },
    accessTime: {
      ...sortable('accessTime'),
      render: (_, device) => formatCompactDateTime(device.access_time) ?? NONE,
    },
    project: { render: (_, device) => projectName(device, rootLabel) || NONE },
    template: {
      render: (_, device) => {
        const state = options.templateStates?.get(device.id)
        return state ? <TemplateStateTags state={state} /> : NONE
      },
    },
  }

  return [
    ...options.shown.map((key) => ({ ...all[key], key, title: titles[key] })),
    {
      title: t('devices.list.columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, device) => options.rowActions(device),
    },
  ]
}
