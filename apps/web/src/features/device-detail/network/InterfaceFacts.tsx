import { Descriptions } from 'antd'
import { useTranslation } from 'react-i18next'
import type { Telemetry } from '../../devices/api'
import { connectionLabels } from '../labels'

type Interface = NonNullable<Telemetry['wan']>

/** What the device last reported of an interface (read only: DHCP and PPPoE addresses are the line's). */
export function InterfaceFacts({ info }: { info: Interface | undefined }) {
  const { t } = useTranslation()
  if (!info) return null
  const entries: [string, string, string | undefined][] = [
    ['type', t('devices.info.connection'), info.type && connectionLabels(t)[info.type]],
    ['ip', t('devices.info.ip'), info.ip],
    ['mask', t('devices.info.mask'), info.mask],
    ['gateway', t('devices.info.gateway'), info.gateway],
    ['dns', t('devices.info.dns'), info.dns?.join(', ')],
    ['mac', t('devices.info.interfaceMac'), info.mac],
  ]
  const items = entries
    .filter(([, , value]) => value)
    .map(([key, label, children]) => ({ key, label, children }))
  if (items.length === 0) return null
  return (
    <Descriptions
      title={t('deviceSettings.network.reported')}
      items={items}
      size="small"
      column={{ xs: 1, sm: 2, lg: 3 }}
      style={{ marginBottom: 16 }}
    />
  )
}
