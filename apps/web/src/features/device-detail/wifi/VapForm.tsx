import type { WifiOptions } from '@canopy/shared/protocol'
import { vapSettings } from '@canopy/shared/validation'
import { useSetWifi } from '../api'
import { SettingsForm } from '../forms/SettingsForm'
import { sectionRules } from '../forms/section-rules'
import { VapFields } from './VapFields'
import { toVapSettings, type VapFormValues, type VapSlot, vapRequest } from './wifi-form'

export interface VapFormProps {
  deviceId: number
  slot: VapSlot
  options: WifiOptions
  values: VapFormValues
  /** the encryption the device has for this AP (undefined: it has no such AP yet) */
  storedEncryption: string | undefined
  canEdit: boolean
}

const rules = sectionRules(vapSettings, toVapSettings)

/** A virtual AP (1-3): another network on one of the radios, with its own VLAN. */
export function VapForm({ deviceId, slot, options, values, storedEncryption, canEdit }: VapFormProps) {
  const setWifi = useSetWifi(deviceId)

  return (
    <SettingsForm<VapFormValues>
      name={`vap-${slot}`}
      values={values}
      canEdit={canEdit}
      violationPrefix={['vaps', slot]}
      onSave={(edited) => setWifi.mutateAsync({ id: deviceId, settings: vapRequest(slot, edited) })}
    >
      <VapFields
        bands={options.radios.map((radio) => radio.band)}
        encryptions={options.encryptions}
        storedEncryption={storedEncryption}
        rules={rules}
        maxUsersOf={(band) => options.radios.find((radio) => radio.band === band)?.maxUsers}
      />
    </SettingsForm>
  )
}
