import type { JsonObject } from '@canopy/shared/protocol'
import type { Band, Encryption, RepeaterSettings } from '@canopy/shared/validation'
import { typedSecret } from '../forms/SecretInput'
import { textOf } from '../forms/values'

/** The repeater form: the uplink network it joins (its password starts empty: never shown). */
export interface RepeaterFormValues {
  enabled: boolean
  uplink: { ssid: string; band: Band; encryption: Encryption; password?: string }
}

export function repeaterFormValues(reported: JsonObject, band: Band): RepeaterFormValues {
  const repeater = reported as Partial<RepeaterSettings>
  return {
    enabled: repeater.enabled ?? false,
    uplink: {
      ssid: repeater.uplink?.ssid ?? '',
      band: repeater.uplink?.band ?? band,
      encryption: repeater.uplink?.encryption ?? 'wpa2-psk',
      password: undefined,
    },
  }
}

export function toRepeaterSettings(values: RepeaterFormValues): RepeaterSettings {
  const { encryption } = values.uplink
  const password = encryption === 'none' ? undefined : typedSecret(values.uplink.password)
  return {
    enabled: values.enabled,
    uplink: {
      ssid: textOf(values.uplink.ssid),
      band: values.uplink.band,
      encryption,
      ...(password === undefined ? {} : { password }),
    },
  }
}
