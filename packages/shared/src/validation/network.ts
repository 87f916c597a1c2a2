import { z } from 'zod'
import { integer, requiredText, specByteLength, text } from './core'

// §5 "Network values" and the WiFi length rules. Each check is a plain function (forms and
// tests call it) and a zod schema (routes use it), with the message key of the rule it breaks.

export const SSID_MAX_BYTES = 32
export const TRANSMIT_POWERS = [100, 75, 50, 25, 12] as const
export const CONNECTION_TYPES = ['static', 'pppoe', 'dhcp', 'mobile'] as const
export type ConnectionType = (typeof CONNECTION_TYPES)[number]

/**
 * §5 lists five MTU ranges without saying which is whose; we give each connection type the one
 * that fits it (docs/decisions.md, "MTU").
 */
export const MTU_BOUNDS: Readonly<Record<ConnectionType, readonly [number, number]>> = {
  static: [576, 1500],
  dhcp: [576, 1500],
  pppoe: [1400, 1492],
  mobile: [1000, 1500],
}

// SSID: trimmed, not empty, no backslash or double quote, at most 32 bytes (§5).
export function ssidProblem(value: string): string | undefined {
  const trimmed = value.trim()
  if (!trimmed) return 'validation.ssid_empty'
  if (/[\\"]/.test(trimmed)) return 'validation.ssid_chars'
  if (specByteLength(trimmed) > SSID_MAX_BYTES) return 'validation.ssid_length'
  return undefined
}
export const ssid = text('validation.ssid_empty')
  .transform((value) => value.trim())
  .superRefine((value, context) => {
    const problem = ssidProblem(value)
    if (problem) context.addIssue({ code: 'custom', message: problem })
  })

/** WiFi password for WPA/WPA2/WPA3: 8-63 printable ASCII, or a 64-digit hex key (§5). */
export function wifiPasswordProblem(value: string): string | undefined {
  if (value.length === 64) return /^[0-9A-Fa-f]{64}$/.test(value) ? undefined : 'validation.eq_he'
  if (value.length < 8 || value.length > 63) return 'validation.wifi_pwd_length'
  return /^[\x20-\x7e]+$/.test(value) ? undefined : 'validation.wifi_pwd_ascii'
}
/** WEP key: 5 or 13 characters (§5). */
export function wepKeyProblem(value: string): string | undefined {
  return value.length === 5 || value.length === 13 ? undefined : 'validation.wep_length'
}

export const ENCRYPTIONS = ['none', 'wep', 'wpa2-psk', 'wpa-wpa2-psk', 'wpa3-sae', 'wpa2-wpa3'] as const
export type Encryption = (typeof ENCRYPTIONS)[number]

/** The password an encryption needs, checked by its own rule; none needs none. */
export function encryptionPasswordProblem(
  encryption: Encryption,
  password: string | undefined,
): string | undefined {
  if (encryption === 'none') return undefined
  if (!password) return 'validation.pwd_empty'
  return encryption === 'wep' ? wepKeyProblem(password) : wifiPasswordProblem(password)
}

export const port = integer(1, 65535, 'validation.port_tips')
/** VLAN: 0 is off, else 3-4094 (§5). */
export const vlan = integer(0, 4094, 'validation.vlan_tips').refine((value) => value === 0 || value >= 3, {
  error: 'validation.vlan_tips',
})
export const pppoeTimeout = integer(1, 30, 'validation.pppoe_timeout_tips')
export const fragmentationThreshold = integer(256, 2346, 'validation.fragmentation_tips')
export const rtsThreshold = integer(50, 2347, 'validation.rts_tips')
export const beaconInterval = integer(50, 1000, 'validation.beacon_tips')
export const ackTimeout = integer(0, 255, 'validation.ack_timeout_tips')
export const coverageThreshold = integer(-95, -65, 'validation.coverage_tips')
export const transmitPower = z.union(
  TRANSMIT_POWERS.map((level) => z.literal(level)),
  {
    error: 'validation.power_tips',
  },
)

/** Max users: an integer from 0 to the model's bound, written without a leading zero (§5). */
export function maxUsersProblem(value: string | number, upperBound: number): string | undefined {
  const text = String(value)
  if (!/^(0|[1-9]\d*)$/.test(text)) return 'validation.max_users_tips'
  return Number(text) <= upperBound ? undefined : 'validation.max_users_tips'
}

export function mtuProblem(value: number, connection: ConnectionType): string | undefined {
  const [low, high] = MTU_BOUNDS[connection]
  return Number.isInteger(value) && value >= low && value <= high ? undefined : 'validation.mtu_tips'
}

// Addresses

export function ipv4Octets(value: string): number[] | undefined {
  const parts = value.split('.')
  if (parts.length !== 4 || !parts.every((part) => /^(0|[1-9]\d{0,2})$/.test(part))) return undefined
  const octets = parts.map(Number)
  return octets.every((octet) => octet <= 255) ? octets : undefined
}

/**
 * A host address (§5): four sections 0-255, first and last not 0, not loopback (127), multicast
 * (224-239) or reserved (240+); and, given the current LAN, not its own address, its mask, its
 * network or its broadcast address.
 */
export function ipProblem(value: string, lan?: { ip: string; mask: string }): string | undefined {
  const octets = ipv4Octets(value)
  if (!octets) return 'validation.ip_tips'
  const [first, , , last] = octets as [number, number, number, number]
  if (first === 0 || last === 0) return 'validation.ip_tips'
  if (first === 127 || first >= 224) return 'validation.ip_reserved'
  if (lan) {
    const ip = toNumber(value)
    const lanIp = toNumber(lan.ip)
    const mask = toNumber(lan.mask)
    if (ip === lanIp || value === lan.mask) return 'validation.ip_lan_conflict'
    const network = (lanIp & mask) >>> 0
    const broadcast = (network | (~mask >>> 0)) >>> 0
    if (ip === network || ip === broadcast) return 'validation.ip_lan_conflict'
  }
  return undefined
}

/** DNS server: first octet 1-223 and not 127, last octet not 0 (§5). */
export function dnsProblem(value: string): string | undefined {
  const octets = ipv4Octets(value)
  if (!octets) return 'validation.dns_tips'
  const [first, , , last] = octets as [number, number, number, number]
  return first >= 1 && first <= 223 && first !== 127 && last !== 0 ? undefined : 'validation.dns_tips'
}

/** Subnet mask: contiguous ones, not all zeros, not all ones (§5). */
export function maskProblem(value: string): string | undefined {
  if (!ipv4Octets(value)) return 'validation.mask_tips'
  const bits = toNumber(value)
  if (bits === 0 || bits === 0xffffffff) return 'validation.mask_tips'
  const inverted = ~bits >>> 0
  return (inverted & (inverted + 1)) === 0 ? undefined : 'validation.mask_tips'
}

/** Start must not exceed end (address pools). */
export function rangeProblem(start: string, end: string): string | undefined {
  return toNumber(start) <= toNumber(end) ? undefined : 'validation.range_order'
}

/** URL (portal guide address, §5): no spaces or brackets, no consecutive dots, ASCII only. */
export function urlProblem(value: string): string | undefined {
  if (!value || /[\s()[\]{}<>]/.test(value) || value.includes('..') || /[^\x21-\x7e]/.test(value)) {
    return 'validation.url_tips'
  }
  return undefined
}

function toNumber(address: string): number {
  const octets = ipv4Octets(address) ?? [0, 0, 0, 0]
  return (((octets[0]! << 24) >>> 0) + (octets[1]! << 16) + (octets[2]! << 8) + octets[3]!) >>> 0
}

/** A zod schema from one of the problem functions above. */
export function ruleOf(problem: (value: string) => string | undefined, emptyKey: string) {
  return requiredText(emptyKey).superRefine((value, context) => {
    const found = problem(value)
    if (found) context.addIssue({ code: 'custom', message: found })
  })
}

export const ipAddress = ruleOf((value) => ipProblem(value), 'validation.ip_empty')
export const dnsAddress = ruleOf(dnsProblem, 'validation.dns_empty')
export const subnetMask = ruleOf(maskProblem, 'validation.mask_empty')
export const url = ruleOf(urlProblem, 'validation.url_empty')

/**
 * The host a remote diagnostic (ping, traceroute) aims at: a name or an IPv4 address, letters,
 * digits, dots and hyphens only, since the device hands it to a shell tool.
 */
export function diagnosticHostProblem(value: string): string | undefined {
  return /^[A-Za-z0-9.-]{1,253}$/.test(value) && !value.includes('..') ? undefined : 'validation.url_tips'
}
export const diagnosticHost = ruleOf(diagnosticHostProblem, 'validation.url_empty')
