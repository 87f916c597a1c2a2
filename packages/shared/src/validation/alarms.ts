import { z } from 'zod'
import { idOf, integer } from './core'
import { pageNumber, pageSize } from './organisation'
import { percentValue } from './upgrades'

/**
 * Alarm settings (§3 "Alarm settings", §5 percentage, §9 intervals; issue 15): the categories a
 * device or a project watches, each with its switch, threshold and interval, and who hears of it.
 * Every message is an i18n key; the server answers them as "invalid parameter".
 */

/**
 * The categories, in the order the console shows them. `offline`, `wan_down`, `upgrade_failed`,
 * `wan_ip_changed` and `drift` (the running configuration differs from what Canopy last set,
 * issue 14's drift) have no threshold.
 */
export const ALARM_CATEGORIES = [
  'offline',
  'cpu',
  'memory',
  'clients',
  'signal',
  'wan_down',
  'wan_ip_changed',
  'upgrade_failed',
  'drift',
] as const
export type AlarmCategory = (typeof ALARM_CATEGORIES)[number]

/** The categories whose condition has a threshold, and the kind of number it is. */
export const ALARM_THRESHOLDS = {
  cpu: 'percent',
  memory: 'percent',
  clients: 'count',
  signal: 'dbm',
} as const satisfies Partial<Record<AlarmCategory, string>>
export type ThresholdCategory = keyof typeof ALARM_THRESHOLDS

export function hasThreshold(category: AlarmCategory): category is ThresholdCategory {
  return category in ALARM_THRESHOLDS
}

/**
 * Categories that are events, not conditions that hold: they fire when they happen (the interval
 * does not apply) and the next good news (an upgrade that succeeds, a report with the IP back or
 * settled) recovers them.
 */
export const EVENT_CATEGORIES: readonly AlarmCategory[] = ['wan_ip_changed', 'upgrade_failed']

/** §9: the condition must hold this many minutes before the alarm fires. */
export const ALARM_INTERVALS = [1, 3, 5] as const
export type AlarmInterval = (typeof ALARM_INTERVALS)[number]

/** 4G signal in dBm, as devices report it (docs/protocol.md, `lte.signal`). */
export const SIGNAL_DBM_MIN = -140
export const SIGNAL_DBM_MAX = 0
/** Clients above N: N up to what a device can report. */
export const CLIENTS_MAX = 100_000
/** A mute lasts at most 30 days (a maintenance window, not a way to switch alarms off). */
export const ALARM_MUTE_MAX_MINUTES = 30 * 24 * 60
/** Accounts one setting may notify. */
export const ALARM_RECEIVERS_MAX = 100

const THRESHOLD_KEY = 'validation.alarm_threshold_tips'
const thresholdSchemas = {
  percent: percentValue,
  count: integer(0, CLIENTS_MAX, THRESHOLD_KEY),
  dbm: integer(SIGNAL_DBM_MIN, SIGNAL_DBM_MAX, THRESHOLD_KEY),
} as const

/** Every category's rule: on/off, interval, and a threshold where it has one (required then). */
export const alarmRule = z.object({
  enabled: z.boolean({ error: 'validation.invalid_choice' }),
  interval: z.union(
    ALARM_INTERVALS.map((minutes) => z.literal(minutes)),
    { error: 'validation.alarm_interval_tips' },
  ),
  threshold: z.unknown().optional(),
})
export type AlarmRule = { enabled: boolean; interval: AlarmInterval; threshold?: number }
export type AlarmRules = Record<AlarmCategory, AlarmRule>

/** A whole set of rules: every category once, each threshold by its category's kind. */
export const alarmRules = z
  .object(Object.fromEntries(ALARM_CATEGORIES.map((category) => [category, alarmRule])), {
    error: 'validation.invalid_choice',
  })
  .transform((rules, context): AlarmRules => {
    const out = {} as AlarmRules
    for (const category of ALARM_CATEGORIES) {
      const rule = rules[category] as { enabled: boolean; interval: AlarmInterval; threshold?: unknown }
      if (!hasThreshold(category)) {
        out[category] = { enabled: rule.enabled, interval: rule.interval }
        continue
      }
      const threshold = thresholdSchemas[ALARM_THRESHOLDS[category]].safeParse(rule.threshold)
      if (!threshold.success) {
        context.addIssue({ code: 'custom', path: [category, 'threshold'], message: THRESHOLD_KEY })
        return z.NEVER
      }
      out[category] = { enabled: rule.enabled, interval: rule.interval, threshold: threshold.data }
    }
    return out
  })

/** The threshold rule of one category, for the console's field. */
export function alarmThresholdSchema(category: ThresholdCategory) {
  return thresholdSchemas[ALARM_THRESHOLDS[category]]
}

/** What a new setting starts from: everything off, with thresholds worth switching on. */
export const DEFAULT_ALARM_RULES: AlarmRules = {
  offline: { enabled: false, interval: 3 },
  cpu: { enabled: false, interval: 3, threshold: 90 },
  memory: { enabled: false, interval: 3, threshold: 90 },
  clients: { enabled: false, interval: 3, threshold: 100 },
  signal: { enabled: false, interval: 3, threshold: -105 },
  wan_down: { enabled: false, interval: 3 },
  wan_ip_changed: { enabled: false, interval: 1 },
  upgrade_failed: { enabled: false, interval: 1 },
  drift: { enabled: false, interval: 5 },
}

/** Which thing a setting is about: a device (`id`) or a project (`gid`), exactly one. */
const target = {
  id: idOf('validation.id_tips').optional(),
  gid: idOf('validation.id_tips').optional(),
}
const oneTarget = (value: { id?: number; gid?: number }) =>
  (value.id === undefined) !== (value.gid === undefined)
const ONE_TARGET = { error: 'validation.alarm_target_tips' }

/** §7 `device/alarm/configs`: the setting of a device or project, with what it inherits. */
export const alarmConfigsRequest = z.object(target).refine(oneTarget, ONE_TARGET)

/**
 * §7 `device/alarm/set`: a device's or project's rules. `inherit: true` (a device only) drops the
 * device's own rules, so its project's apply again.
 */
export const alarmSetRequest = z
  .object({ ...target, rules: alarmRules.optional(), inherit: z.boolean().optional() })
  .refine(oneTarget, ONE_TARGET)
  .refine((value) => (value.rules !== undefined) !== (value.inherit === true), ONE_TARGET)
  .refine((value) => !(value.inherit && value.gid !== undefined), ONE_TARGET)

/** §7 `device/alarm/notice/set`: push by e-mail and/or WeChat, and the receiving accounts. */
export const alarmNoticeSetRequest = z
  .object({
    ...target,
    email: z.boolean({ error: 'validation.invalid_choice' }),
    wechat: z.boolean({ error: 'validation.invalid_choice' }),
    uids: z
      .array(idOf('validation.id_tips'), { error: 'validation.id_tips' })
      .max(ALARM_RECEIVERS_MAX, { error: 'validation.id_tips' }),
    inherit: z.boolean().optional(),
  })
  .refine(oneTarget, ONE_TARGET)
  .refine((value) => !(value.inherit && value.gid !== undefined), ONE_TARGET)

/** Mute a device or project for `minutes` (0 ends a mute). */
export const alarmMuteRequest = z
  .object({ ...target, minutes: integer(0, ALARM_MUTE_MAX_MINUTES, 'validation.alarm_mute_tips') })
  .refine(oneTarget, ONE_TARGET)

export const ALARM_LIST_STATES = ['active', 'history'] as const

/** The tenant's alarm list: active or history, by category or device, a page at a time. */
export const alarmListRequest = z.object({
  state: z.enum(ALARM_LIST_STATES, { error: 'validation.invalid_choice' }),
  category: z.enum(ALARM_CATEGORIES, { error: 'validation.invalid_choice' }).optional(),
  deviceId: idOf('validation.id_tips').optional(),
  acknowledged: z.boolean({ error: 'validation.invalid_choice' }).optional(),
  pageIndex: pageNumber,
  pageOffset: pageSize,
})
export type AlarmListRequest = z.infer<typeof alarmListRequest>

export const alarmAcknowledgeRequest = z.object({
  ids: z.array(idOf('validation.id_tips'), { error: 'validation.id_tips' }).min(1).max(1000),
})

/** Each category's system messages (keys of the core catalogues, so /msg and e-mails render them). */
export const ALARM_MESSAGE_KEYS: Record<AlarmCategory, { fired: string; recovered: string }> = {
  offline: { fired: 'alarmMessages.fired.offline', recovered: 'alarmMessages.recovered.offline' },
  cpu: { fired: 'alarmMessages.fired.cpu', recovered: 'alarmMessages.recovered.cpu' },
  memory: { fired: 'alarmMessages.fired.memory', recovered: 'alarmMessages.recovered.memory' },
  clients: { fired: 'alarmMessages.fired.clients', recovered: 'alarmMessages.recovered.clients' },
  signal: { fired: 'alarmMessages.fired.signal', recovered: 'alarmMessages.recovered.signal' },
  wan_down: { fired: 'alarmMessages.fired.wan_down', recovered: 'alarmMessages.recovered.wan_down' },
  wan_ip_changed: {
    fired: 'alarmMessages.fired.wan_ip_changed',
    recovered: 'alarmMessages.recovered.wan_ip_changed',
  },
  upgrade_failed: {
    fired: 'alarmMessages.fired.upgrade_failed',
    recovered: 'alarmMessages.recovered.upgrade_failed',
  },
  drift: { fired: 'alarmMessages.fired.drift', recovered: 'alarmMessages.recovered.drift' },
}
