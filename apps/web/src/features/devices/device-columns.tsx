import type { TableColumnsType } from 'antd'
import { Button, Flex, Space, Typography } from 'antd'
import type { SortOrder } from 'antd/es/table/interface'
import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { formatDateTime } from '../../shared/format'
import { deviceDetailPath } from '../device-detail/detail-params'
import { deviceActionLabels } from './action-labels'
import type { Device, DeviceListQuery, DeviceSortField } from './api'
import { DeviceStatusBadge } from './DeviceStatusBadge'
import { deviceLabel, deviceTypeLabels, projectName } from './labels'
import type { DeviceAction } from './list-actions'
import { UsageBar } from './UsageBar'
import { formatUptime } from './uptime'

export interface DeviceColumnsOptions {
  t: TFunction
  request: DeviceListQuery
  rootLabel: string
  /** the row actions the user may take (details is always there: the list is for viewing) */
  actions: readonly DeviceAction[]
  onAction: (action: DeviceAction, device: Device) => void
  /** more of a row's actions after the others (remote management) */
  extraActions?: (device: Device) => ReactNode
}

const NONE = '—'

/** antd's sort state of a column, from the request the URL holds. */
function sortOrderOf(request: DeviceListQuery, field: DeviceSortField): SortOrder {
  if (request.sort !== field) return null
  return request.order === 'asc' ? 'ascend' : 'descend'
}

/**
 * The device list's columns (§3 device). An offline device's uptime, load and clients are those
 * of its last report, which no longer hold: they show as a dash (its details keep them).
 */
export function deviceColumns(options: DeviceColumnsOptions): TableColumnsType<Device> {
  const { t, request, rootLabel, actions } = options
  const typeLabels = deviceTypeLabels(t)
  const sortable = (field: DeviceSortField) => ({
    key: field,
    sorter: true,
    sortOrder: sortOrderOf(request, field),
    sortDirections: ['ascend', 'descend'] as SortOrder[],
  })
  const live = (device: Device) => device.status === 'online'
  const actionLabels = deviceActionLabels(t)

  return [
    {
      title: t('devices.list.columns.status'),
      ...sortable('status'),
      render: (_, device) => <DeviceStatusBadge status={device.status} />,
    },
    {
      title: t('devices.list.columns.name'),
      ...sortable('name'),
      render: (_, device) => device.name ?? NONE,
    },
    {
      title: t('devices.list.columns.mac'),
      ...sortable('mac'),
      render: (_, device) => <Typography.Text code>{device.mac}</Typography.Text>,
    },
    {
      title: t('devices.list.columns.model'),
      ...sortable('model'),
      render: (_, device) => (
        <Flex vertical>
          <span>{device.model}</span>
          <Typography.Text type="secondary">{typeLabels[device.type] ?? device.type}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('devices.list.columns.firmware'),
      ...sortable('firmware'),
      render: (_, device) => device.firmware ?? NONE,
    },
    {
      title: t('devices.list.columns.uptime'),
      ...sortable('uptime'),
      render: (_, device) => (live(device) && device.uptime !== null ? formatUptime(device.uptime, t) : NONE),
    },
    {
      title: t('devices.list.columns.cpu'),
      key: 'cpu',
      render: (_, device) =>
        live(device) && device.cpu !== null ? (
          <UsageBar percent={device.cpu} label={t('devices.list.cpuOf', { name: deviceLabel(device) })} />
        ) : (
          NONE
        ),
    },
    {
      title: t('devices.list.columns.memory'),
      key: 'memory',
      render: (_, device) =>
        live(device) && device.mem !== null ? (
          <UsageBar percent={device.mem} label={t('devices.list.memoryOf', { name: deviceLabel(device) })} />
        ) : (
          NONE
        ),
    },
    {
      title: t('devices.list.columns.clients'),
      ...sortable('clients'),
      align: 'right',
      render: (_, device) => (live(device) && device.clients !== null ? device.clients : NONE),
    },
    {
      title: t('devices.list.columns.accessTime'),
      ...sortable('accessTime'),
      render: (_, device) => formatDateTime(device.access_time) ?? NONE,
    },
    {
      title: t('devices.list.columns.project'),
      key: 'project',
      render: (_, device) => projectName(device, rootLabel) || NONE,
    },
    {
      title: t('devices.list.columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, device) => (
        <Space size={0}>
          {/* A link, not a button: the detail page can open in a new tab too. */}
          <Link to={deviceDetailPath(device.id)} style={{ paddingInline: 7 }}>
            {t('devices.actions.details')}
          </Link>
          {actions.map((action) => (
            <Button
              key={action}
              type="link"
              size="small"
              danger={action !== 'move'}
              onClick={() => options.onAction(action, device)}
            >
              {actionLabels[action]}
            </Button>
          ))}
          {options.extraActions?.(device)}
        </Space>
      ),
    },
  ]
}
