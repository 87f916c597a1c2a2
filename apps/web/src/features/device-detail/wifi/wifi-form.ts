import type { JsonObject, WifiOptions } from '@canopy/shared/protocol'
import {
  type Band,
  type Encryption,
  encryptionPasswordProblem,
  maxUsersProblem,
  type RadioSettings,
  type VapSettings,
  type WifiSettings,
} from '@canopy/shared/validation'
import { typedSecret } from '../forms/SecretInput'
import { numberOf, textOf } from '../forms/values'

export type RadioOptions = WifiOptions['radios'][number]
export type VapSlot = '1' | '2' | '3'

/** A radio's form: its §3 fields; numbers may be empty while typing, the password starts empty. */
export interface RadioFormValues {
  enabled: boolean
  ssid: string
  hidden: boolean
  channel: number | null
  bandwidth: string
  encryption: Encryption
  password?: string
  power: number
  beacon: number | null
  fragmentation: number | null
  rts: number | null
  shortGi: boolean
  maxUsers: number | null
  isolation: boolean
}

export interface VapFormValues {
  enabled: boolean
  band: Band
  ssid: string
  hidden: boolean
  encryption: Encryption
  password?: string
  maxUsers: number | null
  isolation: boolean
  vlan: number | null
}

/** A radio as the device reports it, with the usual defaults for what it does not say. */
export function radioFormValues(reported: JsonObject, radio: RadioOptions): RadioFormValues {
  return {
    enabled: true,
    ssid: '',
    hidden: false,
    channel: 0,
    bandwidth: radio.bandwidths[0] ?? '20',
    encryption: 'wpa2-psk',
    power: 100,
    beacon: 100,
    fragmentation: 2346,
    rts: 2347,
    shortGi: true,
    maxUsers: radio.maxUsers,
    isolation: false,
    ...(reported as Partial<RadioFormValues>),
    password: undefined,
  }
}

/** A new virtual AP on a band: switched off, open, isolated, at most 32 users (or the band's bound). */
export function newVapValues(band: Band, maxUsers: number): VapFormValues {
  return {
    enabled: false,
    band,
    ssid: '',
    hidden: false,
    encryption: 'none',
    maxUsers: Math.min(32, maxUsers),
    isolation: true,
    vlan: 0,
  }
}

/** A virtual AP; one the device does not have yet starts switched off and open. */
export function vapFormValues(reported: JsonObject | undefined, options: WifiOptions): VapFormValues {
  return {
    ...newVapValues(options.radios[0]?.band ?? '2g', options.radios[0]?.maxUsers ?? 32),
    ...(reported as Partial<VapFormValues> | undefined),
    password: undefined,
  }
}

/** The password travels only when typed, and never for an open network. */
function secretOf(encryption: Encryption, password: string | undefined) {
  const typed = encryption === 'none' ? undefined : typedSecret(password)
  return typed === undefined ? {} : { password: typed }
}

/** The radio's settings as setwifi takes them (the shared schema checks them before they go). */
export function toRadioSettings(values: RadioFormValues): RadioSettings {
  return {
    enabled: values.enabled,
    ssid: textOf(values.ssid),
    hidden: values.hidden,
    channel: numberOf(values.channel),
    bandwidth: values.bandwidth,
    encryption: values.encryption,
    ...secretOf(values.encryption, values.password),
    power: values.power,
    beacon: numberOf(values.beacon),
    fragmentation: numberOf(values.fragmentation),
    rts: numberOf(values.rts),
    shortGi: values.shortGi,
    maxUsers: numberOf(values.maxUsers),
    isolation: values.isolation,
  } as RadioSettings
}

export function toVapSettings(values: VapFormValues): VapSettings {
  return {
    enabled: values.enabled,
    band: values.band,
    ssid: textOf(values.ssid),
    hidden: values.hidden,
    encryption: values.encryption,
    ...secretOf(values.encryption, values.password),
    maxUsers: numberOf(values.maxUsers),
    isolation: values.isolation,
    vlan: numberOf(values.vlan),
  } as VapSettings
}

/** setwifi's settings for one radio or one virtual AP: the device merges them into the rest. */
export function radioRequest(band: Band, values: RadioFormValues): WifiSettings {
  return { [band]: toRadioSettings(values) }
}

export function vapRequest(slot: VapSlot, values: VapFormValues): WifiSettings {
  return { vaps: { [slot]: toVapSettings(values) } }
}

/**
 * The console cannot see the current password, only the encryption it belongs to: switching to
 * another encryption (or setting up a new network) needs a new password, checked by its rule.
 */
export function newSecretProblem(
  stored: string | undefined,
  encryption: Encryption,
  password: string | undefined,
): string | undefined {
  if (encryption === stored && stored !== undefined) return undefined
  return encryptionPasswordProblem(encryption, password ?? '')
}

/** §5 max users: from 0 to the model's bound for that band. */
export function maxUsersRuleProblem(value: number | null, bound: number | undefined): string | undefined {
  if (value === null || value === undefined || bound === undefined) return undefined
  return maxUsersProblem(value, bound)
}
