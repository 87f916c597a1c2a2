import { DEVICE_MODES } from '@canopy/shared/validation'
import { Divider } from 'antd'
import { useTranslation } from 'react-i18next'
import type { DeviceInfo } from '../../devices/api'
import { type DeviceMode, useDeviceSettings } from '../api'
import { SettingsCard } from '../forms/SettingsCard'
import { SyncState } from '../sync/SyncState'
import { sectionSync, sectionValues } from '../sync/settings-state'
import { TabState } from '../TabState'
import { DeviceControls } from './DeviceControls'
import { DeviceFacts } from './DeviceFacts'
import { IdentityForm } from './IdentityForm'
import { timedRebootValues, wifiScheduleValues } from './schedule'
import { TimedRebootForm } from './TimedRebootForm'
import { UsageCard } from './UsageCard'
import { WifiScheduleForm } from './WifiScheduleForm'

export interface SystemTabProps {
  device: DeviceInfo
  canEdit: boolean
  canReboot: boolean
}

/** System (§3): identity and mode, firmware, uptime and load, schedules, LED, reboot. */
export function SystemTab({ device, canEdit, canReboot }: SystemTabProps) {
  const { t } = useTranslation()
  const settings = useDeviceSettings(device.id)
  if (!settings.data) return <TabState queries={[settings]} />

  const system = sectionValues(settings.data, 'system')
  const mode = DEVICE_MODES.find((candidate) => candidate === system.mode) as DeviceMode | undefined

  return (
    <>
      <SyncState
        deviceId={device.id}
        section="system"
        sync={sectionSync(settings.data, 'system')}
        canEdit={canEdit}
      />
      <SettingsCard title={t('devices.info.basics')}>
        <DeviceFacts device={device} />
        <Divider />
        <IdentityForm
          deviceId={device.id}
          values={{ name: device.name ?? '', remark: device.remark ?? '', mode }}
          canEdit={canEdit}
        />
      </SettingsCard>
      <UsageCard deviceId={device.id} />
      <SettingsCard title={t('deviceSettings.system.timedReboot')}>
        <TimedRebootForm deviceId={device.id} values={timedRebootValues(system)} canReboot={canReboot} />
      </SettingsCard>
      <SettingsCard title={t('deviceSettings.system.wifiSchedule')}>
        <WifiScheduleForm deviceId={device.id} values={wifiScheduleValues(system)} canEdit={canEdit} />
      </SettingsCard>
      <SettingsCard title={t('deviceSettings.system.controls')}>
        <DeviceControls
          deviceId={device.id}
          online={device.status === 'online'}
          led={system.led !== false}
          canEdit={canEdit}
          canReboot={canReboot}
        />
      </SettingsCard>
    </>
  )
}
