import { z } from 'zod'

/**
 * What a model can do, as its catalogue entry declares it (`capabilities`). The cloud offers a
 * feature for a device only when its model has the capability, and refuses the request with
 * "unsupported feature" (600400251) otherwise; docs/protocol.md says what each one obliges the
 * device to answer. A closed list, so a typo in a catalogue entry is refused instead of quietly
 * hiding a feature.
 */
export const CAPABILITIES = {
  /** a 2.4 GHz radio: the `wifi.2g` settings section */
  wifi2g: 'wifi.2g settings section',
  /** a 5 GHz radio: the `wifi.5g` settings section */
  wifi5g: 'wifi.5g settings section',
  /** virtual APs: `wifi.vaps` 1 to `options.vaps` */
  vap: 'wifi.vaps settings',
  /** the `reboot` command (batch reboot, timed reboot) */
  reboot: 'reboot command',
  /** the `led.blink` command and `system.led` */
  led: 'led.blink command, system.led setting',
  /** the `log.read` command (the device log tab) */
  log: 'log.read command',
  /** the `clients.list` command (the clients tab) */
  clients: 'clients.list command',
  /** a WAN port: the `network.wan` section with static, PPPoE and DHCP */
  wan: 'network.wan settings section',
  /** a cellular module: `network.wan.type = mobile` and `lte` telemetry */
  lte: 'mobile WAN, lte telemetry',
  /** a repeater uplink: the `repeater` settings section */
  repeater: 'repeater settings section',
  /** firmware upgrade over the air: the `upgrade` job (docs/protocol.md, "Firmware upgrade") */
  upgrade: 'upgrade job (firmware over the air)',
} as const

export type Capability = keyof typeof CAPABILITIES
export const CAPABILITY_NAMES = Object.keys(CAPABILITIES) as [Capability, ...Capability[]]
export const capability = z.enum(CAPABILITY_NAMES)
