import { z } from 'zod'
import { idOf, integer, text } from './core'
import { withLogFilters } from './log-filters'
import { pageNumber, pageSize } from './organisation'
import { daysInMonth, percentage } from './text'

/**
 * Upgrade orders (§4, §5, §9; issue 13): which devices, which package, when, and how the rollout
 * goes. Every message is an i18n key; the four the spec gives their own §8 code map to it in
 * `codeForValidationKey` (errors.ts), the rest answer "invalid parameter".
 */

/** §8 "Maximum supported device count exceeded": devices one order may target. */
export const UPGRADE_MAX_DEVICES = 10_000
/** §4/§9 "a failed command can be run again up to a maximum number of retries" (docs/decisions.md). */
export const UPGRADE_MAX_RETRIES = 3
/** §5/§9: a timed upgrade starts at most 8 hours ahead. */
export const TIMED_UPGRADE_MAX_HOURS = 8
const HOUR_MS = 3_600_000

export const UPGRADE_TIME_KEYS = {
  format: 'validation.upgrade_time_format',
  past: 'validation.upgrade_time_past',
  tooFar: 'validation.upgrade_time_8h',
} as const
export const UPGRADE_MAX_DEVICES_KEY = 'validation.upgrade_max_devices'

/** ISO-8601 with a zone (Z or ±hh:mm): what a browser's `toISOString()` and a picker with an offset write. */
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-](\d{2}):(\d{2}))$/

/** The instant an ISO-8601 time names, or undefined when it is not one (§5: real day, hour 0-23…). */
export function parseUpgradeTime(value: string): Date | undefined {
  const match = ISO_TIME.exec(value)
  if (!match) return undefined
  const [year, month, day, hour, minute, second] = match
    .slice(1, 7)
    .map((part) => Number(part ?? 0)) as number[]
  if (year! < 1900 || year! > 3000 || month! < 1 || month! > 12) return undefined
  if (day! < 1 || day! > daysInMonth(year!, month!)) return undefined
  if (hour! > 23 || minute! > 59 || second! > 59) return undefined
  if (match[7] !== 'Z' && (Number(match[8]) > 14 || Number(match[9]) > 59)) return undefined
  const at = new Date(value)
  return Number.isNaN(at.getTime()) ? undefined : at
}

/** §5 timed upgrade: a time, later than now, at most 8 hours ahead (one message, the first broken). */
export function timedUpgradeProblem(value: string, now: Date = new Date()): string | undefined {
  const at = parseUpgradeTime(value)
  if (!at) return UPGRADE_TIME_KEYS.format
  if (at.getTime() <= now.getTime()) return UPGRADE_TIME_KEYS.past
  if (at.getTime() > now.getTime() + TIMED_UPGRADE_MAX_HOURS * HOUR_MS) return UPGRADE_TIME_KEYS.tooFar
  return undefined
}

/** §5 percentage (0-100, up to 3 decimals), as a JSON number or its text; the value as a number. */
export const percentValue = z
  .preprocess(
    (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
    z.string({ error: 'validation.percentage_tips' }).pipe(percentage),
  )
  .transform(Number)

const count = (key: string) => integer(1, UPGRADE_MAX_DEVICES, key)

export const upgradeCanary = z
  .object({
    devices: count('validation.upgrade_canary_tips').optional(),
    percent: percentValue.optional(),
  })
  .refine((canary) => (canary.devices === undefined) !== (canary.percent === undefined), {
    error: 'validation.upgrade_canary_tips',
  })
  .refine((canary) => canary.percent === undefined || canary.percent > 0, {
    error: 'validation.upgrade_canary_tips',
  })

export const upgradeAbort = z.object({
  failurePercent: percentValue,
  minFinished: count('validation.upgrade_min_finished_tips'),
})

/** The rollout options (issue 13): canary wave, rate, concurrency, abort, wait for offline, window end. */
export const upgradeOptionFields = {
  canary: upgradeCanary.optional(),
  ratePerMinute: integer(1, 100_000, 'validation.upgrade_rate_tips').optional(),
  concurrency: count('validation.upgrade_concurrency_tips').optional(),
  abort: upgradeAbort.optional(),
  waitOffline: z.boolean({ error: 'validation.upgrade_wait_offline_tips' }).optional(),
  windowEnd: text(UPGRADE_TIME_KEYS.format).optional(),
}

/** POST /backend/upgrade/create. The time rules read the clock when the request is checked. */
export const upgradeCreateRequest = z
  .object({
    deviceIds: z
      .array(idOf('validation.select_one'), { error: 'validation.select_one' })
      .min(1, { error: 'validation.select_one' })
      .max(UPGRADE_MAX_DEVICES, { error: UPGRADE_MAX_DEVICES_KEY })
      .optional(),
    gid: idOf('validation.upgrade_target_tips').optional(),
    packageId: idOf('validation.upgrade_package_tips'),
    timing: z.enum(['immediate', 'timed'], { error: 'validation.upgrade_timing_tips' }),
    startAt: text(UPGRADE_TIME_KEYS.format).optional(),
    ...upgradeOptionFields,
  })
  .superRefine((order, context) => {
    const issue = (message: string, path: string) =>
      context.addIssue({ code: 'custom', message, path: [path] })
    if ((order.deviceIds === undefined) === (order.gid === undefined))
      return issue('validation.upgrade_target_tips', 'deviceIds')
    const now = new Date()
    let start = now
    if (order.timing === 'timed') {
      if (order.startAt === undefined) return issue(UPGRADE_TIME_KEYS.format, 'startAt')
      const problem = timedUpgradeProblem(order.startAt, now)
      if (problem) return issue(problem, 'startAt')
      start = parseUpgradeTime(order.startAt)!
    } else if (order.startAt !== undefined) return issue('validation.upgrade_timing_tips', 'startAt')
    if (order.windowEnd !== undefined) {
      const end = parseUpgradeTime(order.windowEnd)
      if (!end) return issue(UPGRADE_TIME_KEYS.format, 'windowEnd')
      if (end.getTime() <= start.getTime()) return issue('validation.period_order', 'windowEnd')
    }
    return undefined
  })
export type UpgradeCreateRequest = z.infer<typeof upgradeCreateRequest>

export const UPGRADE_ORDER_STATUSES = ['scheduled', 'running', 'finished', 'canceled', 'aborted'] as const
export type UpgradeOrderStatus = (typeof UPGRADE_ORDER_STATUSES)[number]
/** §4 upgrade result of a device, and an order's overall result (partial: some failed, some succeeded). */
export const UPGRADE_RESULTS = ['waiting', 'upgrading', 'success', 'failed', 'partial'] as const
export type UpgradeResult = (typeof UPGRADE_RESULTS)[number]

/** The order list asks for its page every time (no defaults). */
const page = { pageIndex: pageNumber, pageOffset: pageSize }
const model = text('validation.upgrade_model_tips').max(64, { error: 'validation.upgrade_model_tips' })
const result = z.enum(UPGRADE_RESULTS, { error: 'validation.upgrade_result_tips' })

export const upgradeListRequest = withLogFilters({
  ...page,
  model: model.optional(),
  result: result.optional(),
})
export const upgradeLogRequest = upgradeListRequest
export const upgradeLogExportQuery = withLogFilters({ model: model.optional(), result: result.optional() })

export const upgradeOrderRequest = z.object({ id: idOf('validation.upgrade_order_tips') })
/** A device's upgrade result (§4), as the order detail filters and counts it. */
export const UPGRADE_DEVICE_RESULTS = ['waiting', 'upgrading', 'success', 'failed'] as const
export type UpgradeDeviceResult = (typeof UPGRADE_DEVICE_RESULTS)[number]
/** The detail's page of devices when not asked (the console's drawer shows 20). */
export const UPGRADE_INFO_PAGE_SIZE = 20
/**
 * POST /backend/upgrade/info: the order, its counts, and one page of its devices (paged on the
 * server: an order has up to 10,000), optionally only those of one upgrade result.
 */
export const upgradeInfoRequest = z.object({
  id: idOf('validation.upgrade_order_tips'),
  pageIndex: pageNumber.default(1),
  pageOffset: pageSize.default(UPGRADE_INFO_PAGE_SIZE),
  result: z.enum(UPGRADE_DEVICE_RESULTS, { error: 'validation.upgrade_result_tips' }).optional(),
})
export type UpgradeInfoRequest = z.infer<typeof upgradeInfoRequest>
export const upgradeRetryRequest = z.object({
  id: idOf('validation.upgrade_order_tips'),
  deviceIds: z
    .array(idOf('validation.select_one'))
    .min(1, { error: 'validation.select_one' })
    .max(UPGRADE_MAX_DEVICES, { error: UPGRADE_MAX_DEVICES_KEY })
    .optional(),
})
export const upgradeDeleteRequest = z.object({
  ids: z
    .array(idOf('validation.upgrade_order_tips'))
    .min(1, { error: 'validation.select_one' })
    .max(1000, { error: 'validation.upgrade_order_tips' }),
})
export const upgradeDevicesRequest = z.object({
  ids: z
    .array(idOf('validation.select_one'))
    .min(1, { error: 'validation.select_one' })
    .max(1000, { error: 'validation.select_one' }),
})
