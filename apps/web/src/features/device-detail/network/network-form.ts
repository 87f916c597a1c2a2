import type { JsonObject } from '@canopy/shared/protocol'
import {
  type ConnectionType,
  type LanSettings,
  MTU_BOUNDS,
  type NetworkSettings,
  type WanSettings,
} from '@canopy/shared/validation'
import { typedSecret } from '../forms/SecretInput'
import { dnsListOf, numberOf, textOf } from '../forms/values'

/** The WAN form: every connection type's fields; only the chosen type's are sent. */
export interface WanFormValues {
  type: ConnectionType
  ip?: string
  mask?: string
  gateway?: string
  dns?: (string | undefined)[]
  mtu: number | null
  vlan: number | null
  pppoe?: { username?: string; password?: string; timeout?: number | null }
}

export interface LanFormValues {
  ip: string
  mask: string
  dns?: (string | undefined)[]
  dhcp: { enabled: boolean; start: string; end: string }
}

const DNS_FIELDS = 2

function dnsFields(value: unknown): string[] {
  const list = Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
  return Array.from({ length: DNS_FIELDS }, (_, index) => list[index] ?? '')
}

export function wanFormValues(reported: JsonObject): WanFormValues {
  const wan = reported as Partial<WanSettings>
  return {
    type: wan.type ?? 'dhcp',
    ip: wan.ip ?? '',
    mask: wan.mask ?? '',
    gateway: wan.gateway ?? '',
    dns: dnsFields(wan.dns),
    mtu: wan.mtu ?? MTU_BOUNDS[wan.type ?? 'dhcp'][1],
    vlan: wan.vlan ?? 0,
    pppoe: { username: wan.pppoe?.username ?? '', password: undefined, timeout: wan.pppoe?.timeout ?? 5 },
  }
}

export function lanFormValues(reported: JsonObject): LanFormValues {
  const lan = reported as Partial<LanSettings>
  return {
    ip: lan.ip ?? '',
    mask: lan.mask ?? '',
    dns: dnsFields(lan.dns),
    dhcp: { enabled: lan.dhcp?.enabled ?? false, start: lan.dhcp?.start ?? '', end: lan.dhcp?.end ?? '' },
  }
}

/** The WAN as setnetwork takes it: addresses for a static line, the account for PPPoE. */
export function toWanSettings(values: WanFormValues): WanSettings {
  const common = { type: values.type, mtu: numberOf(values.mtu), vlan: numberOf(values.vlan) }
  switch (values.type) {
    case 'static':
      return {
        ...common,
        ip: textOf(values.ip),
        mask: textOf(values.mask),
        gateway: textOf(values.gateway),
        dns: dnsListOf(values.dns),
      } as WanSettings
    case 'pppoe': {
      const password = typedSecret(values.pppoe?.password)
      return {
        ...common,
        pppoe: {
          username: textOf(values.pppoe?.username),
          ...(password === undefined ? {} : { password }),
          timeout: numberOf(values.pppoe?.timeout),
        },
      } as WanSettings
    }
    default:
      return common as WanSettings
  }
}

export function toLanSettings(values: LanFormValues): LanSettings {
  return {
    ip: textOf(values.ip),
    mask: textOf(values.mask),
    dns: dnsListOf(values.dns),
    dhcp: { enabled: values.dhcp.enabled, start: textOf(values.dhcp.start), end: textOf(values.dhcp.end) },
  }
}

export const wanRequest = (values: WanFormValues): NetworkSettings => ({ wan: toWanSettings(values) })
export const lanRequest = (values: LanFormValues): NetworkSettings => ({ lan: toLanSettings(values) })

/**
 * §5 gives each connection type its own MTU range: switching type keeps an MTU that fits the new
 * range and otherwise takes the range's largest value.
 */
export function mtuForType(type: ConnectionType, mtu: number | null): number {
  const [low, high] = MTU_BOUNDS[type]
  return mtu !== null && mtu >= low && mtu <= high ? mtu : high
}
