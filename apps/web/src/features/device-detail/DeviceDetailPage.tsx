import { ArrowLeftOutlined } from '@ant-design/icons'
import { can } from '@canopy/shared/permissions'
import { Alert, Button, Flex, Result, Tabs, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import '../../shared/i18n/device-messages'
import '../../shared/i18n/device-portal-messages'
import '../../shared/i18n/device-settings-messages'
// The root project's label (projects.rootName) is among the organisation's messages.
import '../../shared/i18n/organisation-messages'
import '../../shared/i18n/traffic-messages'
import { PageSpinner } from '../../shared/ui/PageSpinner'
import { AlarmSettings } from '../alarms/AlarmSettings'
import { usePermits } from '../auth/grants'
import { BackupsTab } from '../backups/BackupsTab'
import { DriftBanner } from '../backups/DriftBanner'
import { type DeviceInfo, useDeviceInfo } from '../devices/api'
import { DeviceStatusBadge } from '../devices/DeviceStatusBadge'
import { deviceLabel } from '../devices/labels'
import { TemplateBadge } from '../templates/TemplateBadge'
import { DeviceTrafficTab } from '../traffic/DeviceTrafficTab'
import { useDeviceSettings } from './api'
import { ClientsTab } from './clients/ClientsTab'
import { type DetailTab, detailParamsOf } from './detail-params'
import { LogTab } from './log/LogTab'
import { NetworkTab } from './network/NetworkTab'
import { PortalTab } from './portal/PortalTab'
import { RepeaterTab } from './repeater/RepeaterTab'
import { hasSection } from './sync/settings-state'
import { SystemTab } from './system/SystemTab'
import { WifiTab } from './wifi/WifiTab'

const LIST_PATH = '/device/management'

/**
 * /device/detail?id=…&tab=…: one device's state and settings, a tab per part (§2). Settings
 * are kept for an offline device and applied when it reconnects; commands need it online.
 */
export function DeviceDetailPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const { id } = detailParamsOf(params)
  const info = useDeviceInfo(id)

  if (id === undefined || (info.isError && !info.data)) {
    return (
      <Result
        status="warning"
        title={id === undefined ? t('deviceSettings.notFound') : t('devices.info.loadFailed')}
        extra={
          <Flex gap={8} justify="center" wrap>
            {/* A device that could not be loaded may load on a second try; a missing id will not. */}
            {id !== undefined && (
              <Button type="primary" loading={info.isFetching} onClick={() => void info.refetch()}>
                {t('errorPage.retry')}
              </Button>
            )}
            <Button type={id === undefined ? 'primary' : 'default'} onClick={() => void navigate(LIST_PATH)}>
              {t('deviceSettings.backToList')}
            </Button>
          </Flex>
        }
      />
    )
  }
  return info.data ? <DeviceDetail device={info.data} /> : <PageSpinner />
}

function DeviceDetail({ device }: { device: DeviceInfo }) {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const { tab } = detailParamsOf(params)
  const permitted = usePermits()
  const canEdit = permitted(can.device('edit'))
  const canReboot = permitted(can.device('reboot'))
  const settings = useDeviceSettings(device.id)
  // Repeater settings only for models that repeat: the device reports the section, or is one.
  const repeater = device.type === 'repeater' || hasSection(settings.data, 'repeater')
  const active: DetailTab = tab === 'repeater' && !repeater ? 'system' : tab

  function handleTabChange(key: string) {
    const next = new URLSearchParams(params)
    if (key === 'system') next.delete('tab')
    else next.set('tab', key)
    setParams(next)
  }

  const tabs = [
    {
      key: 'system',
      label: t('deviceSettings.tabs.system'),
      children: <SystemTab device={device} canEdit={canEdit} canReboot={canReboot} />,
    },
    { key: 'traffic', label: t('traffic.tab'), children: <DeviceTrafficTab deviceId={device.id} /> },
    {
      key: 'network',
      label: t('deviceSettings.tabs.network'),
      children: <NetworkTab device={device} canEdit={canEdit} />,
    },
    {
      key: 'wifi',
      label: t('deviceSettings.tabs.wifi'),
      children: <WifiTab deviceId={device.id} canEdit={canEdit} />,
    },
    { key: 'portal', label: t('devicePortal.tab'), children: <PortalTab device={device} /> },
    ...(repeater
      ? [
          {
            key: 'repeater',
            label: t('deviceSettings.tabs.repeater'),
            children: <RepeaterTab deviceId={device.id} canEdit={canEdit} />,
          },
        ]
      : []),
    { key: 'alarm', label: t('alarms.settings.tab'), children: <AlarmSettings target={{ id: device.id }} /> },
    {
      key: 'log',
      label: t('deviceSettings.tabs.log'),
      children: <LogTab device={device} canEdit={canEdit} />,
    },
    { key: 'clients', label: t('deviceSettings.tabs.clients'), children: <ClientsTab device={device} /> },
    { key: 'backups', label: t('backups.tab'), children: <BackupsTab deviceId={device.id} /> },
  ]

  return (
    <>
      <Link to={LIST_PATH}>
        <ArrowLeftOutlined aria-hidden /> {t('deviceSettings.backToList')}
      </Link>
      <Flex align="center" gap={16} wrap style={{ margin: '8px 0' }}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {deviceLabel(device)}
        </Typography.Title>
        <DeviceStatusBadge status={device.status} />
        <Typography.Text type="secondary">
          {device.model} · {device.mac}
        </Typography.Text>
        <TemplateBadge deviceId={device.id} />
      </Flex>
      {device.status !== 'online' && (
        <Alert type="warning" showIcon title={t('deviceSettings.offline')} style={{ marginBottom: 8 }} />
      )}
      <DriftBanner deviceId={device.id} />
      <Tabs activeKey={active} onChange={handleTabChange} items={tabs} destroyOnHidden />
    </>
  )
}
