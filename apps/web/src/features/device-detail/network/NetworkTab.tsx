import { isJsonObject } from '@canopy/shared/protocol'
import { useTranslation } from 'react-i18next'
import type { DeviceInfo } from '../../devices/api'
import { useDeviceSettings } from '../api'
import { SettingsCard } from '../forms/SettingsCard'
import { SyncState } from '../sync/SyncState'
import { sectionSync, sectionValues } from '../sync/settings-state'
import { TabState } from '../TabState'
import { InterfaceFacts } from './InterfaceFacts'
import { LanForm } from './LanForm'
import { lanFormValues, wanFormValues } from './network-form'
import { WanForm } from './WanForm'

/** Network: WAN and LAN settings, beside what the device reports of each. */
export function NetworkTab({ device, canEdit }: { device: DeviceInfo; canEdit: boolean }) {
  const { t } = useTranslation()
  const settings = useDeviceSettings(device.id)
  if (!settings.data) return <TabState queries={[settings]} />

  const network = sectionValues(settings.data, 'network')
  const wan = isJsonObject(network.wan) ? network.wan : {}
  const lan = isJsonObject(network.lan) ? network.lan : {}
  // A mobile line needs the 4G module (the server refuses it otherwise).
  const mobile = device.type === 'router4g' || Boolean(device.telemetry?.lte)

  return (
    <>
      <SyncState
        deviceId={device.id}
        section="network"
        sync={sectionSync(settings.data, 'network')}
        canEdit={canEdit}
      />
      <SettingsCard title={t('devices.info.wan')}>
        <InterfaceFacts info={device.telemetry?.wan} />
        <WanForm deviceId={device.id} values={wanFormValues(wan)} mobile={mobile} canEdit={canEdit} />
      </SettingsCard>
      <SettingsCard title={t('devices.info.lan')}>
        <InterfaceFacts info={device.telemetry?.lan} />
        <LanForm deviceId={device.id} values={lanFormValues(lan)} canEdit={canEdit} />
      </SettingsCard>
    </>
  )
}
