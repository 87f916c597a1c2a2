import { isJsonObject, type JsonObject, mergeState } from '@canopy/shared/protocol'
import { reportedSecretHash } from '@canopy/shared/protocol/credential'
import type { DeviceProfile } from './profiles/catalogue'
import { pick } from './random'

const MODE_OF_TYPE = { ap: 'ap', gateway: 'gateway', repeater: 'repeater', router4g: 'gateway' } as const

/** A device's configuration as it reports it: every section of the detail tabs, secrets hashed. */
export function initialConfiguration(
  profile: DeviceProfile,
  random: () => number,
  suffix: string,
  lanNet: number,
): JsonObject {
  const wifi: JsonObject = {}
  for (const radio of profile.radios) {
    wifi[radio.band] = {
      enabled: true,
      ssid: `Canopy-${radio.band === '5g' ? '5G-' : ''}${suffix}`,
      hidden: false,
      channel: pick(random, radio.channels),
      bandwidth: radio.band === '2g' ? '20' : '80',
      encryption: 'wpa2-psk',
      passwordHash: reportedSecretHash(`canopy-${suffix.toLowerCase()}`),
      power: 100,
      beacon: 100,
      fragmentation: 2346,
      rts: 2347,
      shortGi: true,
      maxUsers: radio.maxClients,
      isolation: false,
    }
  }
  if (profile.capabilities.includes('vap')) {
    wifi.vaps = {
      '1': {
        enabled: false,
        band: '2g',
        ssid: `Guest-${suffix}`,
        hidden: false,
        encryption: 'none',
        maxUsers: 32,
        isolation: true,
        vlan: 0,
      },
    }
  }
  const lan = `192.168.${lanNet}`
  const configuration: JsonObject = {
    firmware: pick(random, profile.firmware),
    system: {
      mode: MODE_OF_TYPE[profile.type],
      led: true,
      logging: true,
      timedReboot: { enabled: false, days: [0], time: '03:00' },
      wifiSchedule: { enabled: false, days: [1, 2, 3, 4, 5], off: '01:00', on: '06:00' },
    },
    network: {
      wan: { type: profile.lte ? 'mobile' : 'dhcp', mtu: profile.lte ? 1500 : 1500, vlan: 0 },
      lan: {
        ip: `${lan}.1`,
        mask: '255.255.255.0',
        dhcp: { enabled: true, start: `${lan}.100`, end: `${lan}.199` },
      },
    },
    wifi,
  }
  if (profile.capabilities.includes('repeater')) {
    configuration.repeater = {
      enabled: true,
      uplink: {
        ssid: 'Upstream-Office',
        band: '2g',
        encryption: 'wpa2-psk',
        passwordHash: reportedSecretHash('upstream-pass'),
      },
    }
  }
  return configuration
}

/** The secrets a device starts with, in clear (its reported state holds only their hashes). */
export function initialSecrets(configuration: JsonObject, suffix: string): JsonObject {
  const secrets: JsonObject = {}
  const wifi = isJsonObject(configuration.wifi) ? configuration.wifi : {}
  const bands: JsonObject = {}
  for (const band of Object.keys(wifi))
    if (isJsonObject(wifi[band]) && 'passwordHash' in wifi[band])
      bands[band] = { password: `canopy-${suffix.toLowerCase()}` }
  if (Object.keys(bands).length > 0) secrets.wifi = bands
  if (isJsonObject(configuration.repeater)) secrets.repeater = { uplink: { password: 'upstream-pass' } }
  return secrets
}

/** The running configuration: what it reports, its secrets in clear instead of their hashes. */
export function runningConfiguration(reported: JsonObject, secrets: JsonObject): JsonObject {
  return mergeState(withoutHashes(reported), secrets)
}

function withoutHashes(reported: JsonObject): JsonObject {
  const out: JsonObject = {}
  for (const [key, value] of Object.entries(reported)) {
    if (key === 'passwordHash' || key === 'failure') continue
    out[key] = isJsonObject(value) ? withoutHashes(value) : value
  }
  return out
}

/**
 * The configuration with firewall rules added until it is about `bytes` long: a real gateway's
 * configuration is mostly such lists (the benches back up 10 KB ones).
 */
export function withFirewallRules(config: JsonObject, bytes: number): JsonObject {
  const rules: JsonObject[] = []
  let size = JSON.stringify(config).length
  for (let index = 1; size < bytes; index++) {
    const rule = {
      name: `rule-${index}`,
      action: 'accept',
      proto: 'tcp',
      port: 1000 + index,
      src: `10.0.${index % 250}.0/24`,
    }
    rules.push(rule)
    size += JSON.stringify(rule).length + 1
  }
  return rules.length > 0 ? { ...config, firewall: { rules } } : config
}

/** What the device reports having applied: secrets become their hashes, never echoed back. */
export function asReported(delta: JsonObject): JsonObject {
  const reported: JsonObject = {}
  for (const [key, value] of Object.entries(delta)) {
    if (key === 'password') {
      if (typeof value === 'string') reported.passwordHash = reportedSecretHash(value)
    } else reported[key] = isJsonObject(value) ? asReported(value) : value
  }
  return reported
}

/** Applies a delta to the configuration (secrets kept only as hashes). */
export function applyDelta(configuration: JsonObject, delta: JsonObject): JsonObject {
  return mergeState(configuration, asReported(delta))
}
