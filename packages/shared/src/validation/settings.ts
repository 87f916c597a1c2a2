import { z } from 'zod'
import { requiredText, text } from './core'
import { chartHours, deviceName } from './devices'
import {
  beaconInterval,
  CONNECTION_TYPES,
  dnsProblem,
  ENCRYPTIONS,
  type Encryption,
  encryptionPasswordProblem,
  fragmentationThreshold,
  ipProblem,
  maskProblem,
  mtuProblem,
  pppoeTimeout,
  rangeProblem,
  rtsThreshold,
  ssidProblem,
  transmitPower,
  vlan,
} from './network'
import { id, remark, selection } from './organisation'
import { periodProblem, timeProblem } from './text'

/**
 * Device settings (§3 Device, §5): what travels as the shadow's `desired` state, one section per
 * detail tab. Model-specific limits (channels, bandwidths, max users, which radios) are checked
 * by the server against the product's options; the console reads them from `getwifioptions`.
 */

export const DEVICE_MODES = ['gateway', 'repeater', 'wisp', 'ap', 'wds', 'bypass'] as const
export const BANDS = ['2g', '5g'] as const
export type Band = (typeof BANDS)[number]
export const BANDWIDTHS = ['20', '40', '80', '160'] as const
export const VAP_COUNT = 3
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const

const problemRule =
  (problem: (value: string) => string | undefined) => (value: string, context: z.RefinementCtx) => {
    const found = problem(value)
    if (found) context.addIssue({ code: 'custom', message: found })
  }
const time = text('validation.time_tips').superRefine(problemRule(timeProblem))
const days = z
  .array(z.union(WEEKDAYS.map((day) => z.literal(day))), { error: 'validation.days_tips' })
  .min(1, { error: 'validation.days_tips' })

/** Timed reboot (§3): on these weekdays at this time. */
export const timedReboot = z.object({ enabled: z.boolean(), days, time })
/** WiFi timed off (§3): radios off from `off` to `on` on these weekdays. */
export const wifiSchedule = z
  .object({ enabled: z.boolean(), days, off: time, on: time })
  .superRefine((value, context) => {
    const problem = periodProblem(value.off, value.on)
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['on'] })
  })

export const systemSettings = z.object({
  mode: z.enum(DEVICE_MODES, { error: 'validation.invalid_choice' }).optional(),
  led: z.boolean().optional(),
  /** whether the device keeps a log the console can read (§8 "please enable logging") */
  logging: z.boolean().optional(),
  timedReboot: timedReboot.optional(),
  wifiSchedule: wifiSchedule.optional(),
})
export type SystemSettings = z.infer<typeof systemSettings>

const ssidField = text('validation.ssid_empty').superRefine(problemRule(ssidProblem))
const security = {
  encryption: z.enum(ENCRYPTIONS, { error: 'validation.invalid_choice' }),
  password: text().optional(),
}
/** The password an encryption needs (none, WEP 5/13, WPA 8-63 or 64 hex). */
function checkSecret(
  value: { encryption: Encryption; password?: string | undefined },
  context: z.RefinementCtx,
) {
  // No password sent: keep the current one (secrets never come back to the console).
  if (value.password === undefined) return
  const problem = encryptionPasswordProblem(value.encryption, value.password)
  if (problem) context.addIssue({ code: 'custom', message: problem, path: ['password'] })
}

/** A radio (2G or 5G) with every field of §3. Channel 0 means automatic. */
export const radioSettings = z
  .object({
    ...security,
    enabled: z.boolean(),
    ssid: ssidField,
    hidden: z.boolean(),
    channel: z.number().int().min(0).max(200),
    bandwidth: z.enum(BANDWIDTHS, { error: 'validation.invalid_choice' }),
    power: transmitPower,
    beacon: beaconInterval,
    fragmentation: fragmentationThreshold,
    rts: rtsThreshold,
    shortGi: z.boolean(),
    maxUsers: z
      .number({ error: 'validation.max_users_tips' })
      .int({ error: 'validation.max_users_tips' })
      .min(0),
    isolation: z.boolean(),
  })
  .superRefine(checkSecret)
export type RadioSettings = z.infer<typeof radioSettings>

/** A virtual AP (1-3) on one of the radios. */
export const vapSettings = z
  .object({
    ...security,
    enabled: z.boolean(),
    band: z.enum(BANDS),
    ssid: ssidField,
    hidden: z.boolean(),
    maxUsers: z
      .number({ error: 'validation.max_users_tips' })
      .int({ error: 'validation.max_users_tips' })
      .min(0),
    isolation: z.boolean(),
    vlan,
  })
  .superRefine(checkSecret)
export type VapSettings = z.infer<typeof vapSettings>

const ipText = requiredText('validation.ip_empty')
const dns = z.array(text().superRefine(problemRule(dnsProblem))).max(2)
const mask = text('validation.mask_empty').superRefine(problemRule(maskProblem))

/** WAN (§3 connection type static, PPPoE, DHCP, mobile) with the §5 network rules. */
export const wanSettings = z
  .object({
    type: z.enum(CONNECTION_TYPES, { error: 'validation.invalid_choice' }),
    ip: ipText.optional(),
    mask: mask.optional(),
    gateway: ipText.optional(),
    dns: dns.optional(),
    mtu: z.number().int(),
    vlan,
    pppoe: z
      .object({
        username: requiredText('validation.account_empty').max(64),
        password: text().optional(),
        timeout: pppoeTimeout,
      })
      .optional(),
  })
  .superRefine((value, context) => {
    const mtu = mtuProblem(value.mtu, value.type)
    if (mtu) context.addIssue({ code: 'custom', message: mtu, path: ['mtu'] })
    if (value.type === 'static') {
      for (const field of ['ip', 'mask', 'gateway'] as const) {
        if (!value[field])
          context.addIssue({
            code: 'custom',
            message: `validation.${field === 'mask' ? 'mask' : 'ip'}_empty`,
            path: [field],
          })
      }
      if (value.ip) {
        const problem = ipProblem(value.ip)
        if (problem) context.addIssue({ code: 'custom', message: problem, path: ['ip'] })
      }
      if (value.gateway) {
        const problem = ipProblem(value.gateway)
        if (problem) context.addIssue({ code: 'custom', message: problem, path: ['gateway'] })
      }
    }
    if (value.type === 'pppoe' && !value.pppoe) {
      context.addIssue({ code: 'custom', message: 'validation.account_empty', path: ['pppoe', 'username'] })
    }
  })
export type WanSettings = z.infer<typeof wanSettings>

/** LAN (§3: IP, mask, DNS, gateway; DHCP pool), with the LAN exclusions of §5. */
export const lanSettings = z
  .object({
    ip: text('validation.ip_empty'),
    mask,
    dns: dns.optional(),
    dhcp: z.object({ enabled: z.boolean(), start: text(), end: text() }),
  })
  .superRefine((value, context) => {
    const own = ipProblem(value.ip)
    if (own) context.addIssue({ code: 'custom', message: own, path: ['ip'] })
    if (!value.dhcp.enabled || own || maskProblem(value.mask)) return
    const lan = { ip: value.ip, mask: value.mask }
    for (const field of ['start', 'end'] as const) {
      const problem = ipProblem(value.dhcp[field], lan)
      if (problem) context.addIssue({ code: 'custom', message: problem, path: ['dhcp', field] })
    }
    const order = rangeProblem(value.dhcp.start, value.dhcp.end)
    if (order) context.addIssue({ code: 'custom', message: order, path: ['dhcp', 'end'] })
  })
export type LanSettings = z.infer<typeof lanSettings>

export const networkSettings = z.object({ wan: wanSettings.optional(), lan: lanSettings.optional() })
export type NetworkSettings = z.infer<typeof networkSettings>

/** Repeater (§3): the uplink network it repeats. */
export const repeaterSettings = z.object({
  enabled: z.boolean(),
  uplink: z.object({ ...security, ssid: ssidField, band: z.enum(BANDS) }).superRefine(checkSecret),
})
export type RepeaterSettings = z.infer<typeof repeaterSettings>

export const wifiSettings = z.object({
  '2g': radioSettings.optional(),
  '5g': radioSettings.optional(),
  // Keyed 1-3 rather than a list, so a change to one virtual AP merges into the shadow alone.
  vaps: z
    .object({ '1': vapSettings.optional(), '2': vapSettings.optional(), '3': vapSettings.optional() })
    .optional(),
})
export type WifiSettings = z.infer<typeof wifiSettings>

// Requests (§7 devices)

export const setSystemRequest = z.object({
  id,
  name: deviceName.optional(),
  remark: remark.optional(),
  settings: systemSettings.optional(),
})
export const setNetworkRequest = z.object({ id, settings: networkSettings })
export const setWifiRequest = z.object({ id, settings: wifiSettings })
export const setRepeaterRequest = z.object({ id, settings: repeaterSettings })
/** Batch WiFi (§7 setwifis): the same settings to devices of one model. */
export const setWifisRequest = z.object({ ids: selection, settings: wifiSettings })
export const timeRestartRequest = z.object({ ids: selection, timedReboot })
export const ledRequest = z.object({ ids: selection, led: z.boolean() })
export const settingsSections = ['system', 'network', 'wifi', 'repeater'] as const
export type SettingsSection = (typeof settingsSections)[number]
export const settingsActionRequest = z.object({ id, section: z.enum(settingsSections) })
export const deviceReportRequest = z.object({
  id,
  hours: chartHours,
})

export type SetSystemRequest = z.infer<typeof setSystemRequest>
