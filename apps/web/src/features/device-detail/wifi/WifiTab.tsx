import { isJsonObject, type JsonObject } from '@canopy/shared/protocol'
import { VAP_COUNT } from '@canopy/shared/validation'
import { useTranslation } from 'react-i18next'
import { useDeviceSettings, useWifiOptions } from '../api'
import { SettingsCard } from '../forms/SettingsCard'
import { bandLabel } from '../labels'
import { SyncState } from '../sync/SyncState'
import { sectionSync, sectionValues } from '../sync/settings-state'
import { TabState } from '../TabState'
import { RadioForm } from './RadioForm'
import { VapForm } from './VapForm'
import { radioFormValues, type VapSlot, vapFormValues } from './wifi-form'

const SLOTS: readonly VapSlot[] = ['1', '2', '3']

const objectOr = (value: unknown): JsonObject | undefined => (isJsonObject(value) ? value : undefined)

/** WiFi: each radio of the model, then its virtual APs; choices from getwifioptions. */
export function WifiTab({ deviceId, canEdit }: { deviceId: number; canEdit: boolean }) {
  const { t } = useTranslation()
  const settings = useDeviceSettings(deviceId)
  const options = useWifiOptions(deviceId)
  if (!settings.data || !options.data) return <TabState queries={[settings, options]} />

  const wifi = sectionValues(settings.data, 'wifi')
  const vaps = objectOr(wifi.vaps) ?? {}
  const slots = SLOTS.slice(0, Math.min(options.data.vaps, VAP_COUNT))

  return (
    <>
      <SyncState
        deviceId={deviceId}
        section="wifi"
        sync={sectionSync(settings.data, 'wifi')}
        canEdit={canEdit}
      />
      {options.data.radios.map((radio) => (
        <SettingsCard key={radio.band} title={bandLabel(t, radio.band)}>
          <RadioForm
            deviceId={deviceId}
            radio={radio}
            encryptions={options.data.encryptions}
            values={radioFormValues(objectOr(wifi[radio.band]) ?? {}, radio)}
            canEdit={canEdit}
          />
        </SettingsCard>
      ))}
      {slots.map((slot) => {
        const stored = objectOr(vaps[slot])
        return (
          <SettingsCard key={slot} title={t('deviceSettings.wifi.vapTitle', { slot })}>
            <VapForm
              deviceId={deviceId}
              slot={slot}
              options={options.data}
              values={vapFormValues(stored, options.data)}
              storedEncryption={typeof stored?.encryption === 'string' ? stored.encryption : undefined}
              canEdit={canEdit}
            />
          </SettingsCard>
        )
      })}
    </>
  )
}
