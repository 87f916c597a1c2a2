import { z } from 'zod'
import { integer } from './core'

/**
 * The date filters of the operation and upgrade logs (§5 "Dates and times", §9 recent days):
 * a range `start`–`end` of calendar days written 'YYYY-MM-DD' (year at least 2008, a real day of
 * its month, leap years included; start before end and not the same day), or the recent `days`
 * (1–7) — never both. Every message is an i18n key; the server maps it to a §8 code.
 */

export const LOG_YEAR_MIN = 2008
export const LOG_YEAR_MAX = 3000
export const LOG_DAYS_MAX = 7

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** The calendar day a 'YYYY-MM-DD' text names, as UTC milliseconds, or undefined when it is none. */
export function parseLogDay(value: string): number | undefined {
  const match = DAY.exec(value)
  if (!match) return undefined
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (month < 1 || month > 12 || day < 1) return undefined
  const time = Date.UTC(year, month - 1, day)
  // Date.UTC rolls 2023-02-29 over to March 1st: a day that does not exist comes back different.
  return new Date(time).getUTCDate() === day ? time : undefined
}

/** One day of a range: the format and a real date first, then the year floor (one message each). */
const logDay = z
  .string({ error: 'validation.date_tips' })
  .refine((value) => parseLogDay(value) !== undefined, { error: 'validation.date_tips', abort: true })
  .refine(
    (value) => {
      const year = Number(value.slice(0, 4))
      return year >= LOG_YEAR_MIN && year <= LOG_YEAR_MAX
    },
    { error: 'validation.log_year_tips' },
  )

/** The fields, to spread into a list request beside its own (page, model, result…). */
export const logFilterFields = {
  start: logDay.optional(),
  end: logDay.optional(),
  days: integer(1, LOG_DAYS_MAX, 'validation.log_days_tips').optional(),
}

interface LogFilterValues {
  start?: string
  end?: string
  days?: number
}

/** The rules across fields: days excludes a range; a range runs forward over at least two days. */
export function checkLogFilters(value: LogFilterValues, ctx: z.RefinementCtx): void {
  if (value.days !== undefined && (value.start !== undefined || value.end !== undefined)) {
    ctx.addIssue({ code: 'custom', message: 'validation.log_days_with_range', path: ['days'] })
    return
  }
  if (value.start === undefined || value.end === undefined) return
  const start = parseLogDay(value.start)
  const end = parseLogDay(value.end)
  if (start === undefined || end === undefined) return
  if (start === end) ctx.addIssue({ code: 'custom', message: 'validation.period_same', path: ['end'] })
  else if (start > end) ctx.addIssue({ code: 'custom', message: 'validation.period_order', path: ['end'] })
}

/** A log list's request: the date filters plus the list's own `fields`. */
export function withLogFilters<Shape extends z.ZodRawShape>(fields: Shape) {
  return z
    .object({ ...logFilterFields, ...fields })
    .superRefine((value, ctx) => checkLogFilters(value as LogFilterValues, ctx))
}

/** Just the date filters (a form's date bar, or a route with no other field). */
export const logFilters = withLogFilters({})

export type LogFilters = z.infer<typeof logFilters>

const DAY_MS = 86_400_000

/**
 * The time window the filters select, half-open [from, to). A range covers its end day whole
 * (UTC days: the server's clock; the console shows times in the viewer's zone). Recent days count
 * back from `now`. No filter gives no bound.
 */
export function logWindow(filters: LogFilterValues, now: Date = new Date()): { from?: Date; to?: Date } {
  if (filters.days !== undefined) return { from: new Date(now.getTime() - filters.days * DAY_MS) }
  const start = filters.start === undefined ? undefined : parseLogDay(filters.start)
  const end = filters.end === undefined ? undefined : parseLogDay(filters.end)
  return {
    ...(start === undefined ? {} : { from: new Date(start) }),
    ...(end === undefined ? {} : { to: new Date(end + DAY_MS) }),
  }
}
