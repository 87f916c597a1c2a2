import { z } from 'zod'
import { requiredText, text } from './core'

// §5 "Text and lengths" and "Dates and times".

/** Title: 1-25 Chinese characters, letters or digits (check_title). */
export const title = requiredText('validation.title_tips').regex(/^[A-Za-z0-9\u4e00-\u9fa5]{1,25}$/, {
  error: 'validation.title_tips',
})
/** Text: 1-50 characters (check_title50). */
export const text50 = requiredText('validation.text50_tips').max(50, { error: 'validation.text50_tips' })
/** Percentage: 0-100 with up to three decimals. */
export const percentage = z
  .string()
  .regex(/^(100(\.0{1,3})?|\d{1,2}(\.\d{1,3})?)$/, { error: 'validation.percentage_tips' })

/** Exact and ranged lengths of §5 (5; 4-20; 6-20; 8-63; 8-64 where 64 must be hex). */
export function lengthProblem(
  value: string,
  rule: '5' | '4-20' | '6-20' | '8-63' | '8-64',
): string | undefined {
  const n = value.length
  switch (rule) {
    case '5':
      return n === 5 ? undefined : 'validation.length_5'
    case '4-20':
      return n >= 4 && n <= 20 ? undefined : 'validation.length_4_20'
    case '6-20':
      return n >= 6 && n <= 20 ? undefined : 'validation.length_6_20'
    case '8-63':
      return n >= 8 && n <= 63 ? undefined : 'validation.length_8_63'
    case '8-64':
      if (n === 64) return /^[0-9A-Fa-f]+$/.test(value) ? undefined : 'validation.eq_he'
      return n >= 8 && n < 64 ? undefined : 'validation.length_8_64'
  }
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

export function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0
}

/**
 * A calendar date (§5): year 1900-3000 (2008 and later in date-range filters), month 1-12, a day
 * the month has, leap years included.
 */
export function dateProblem(value: string, options: { filter?: boolean } = {}): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return 'validation.date_tips'
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const minimumYear = options.filter ? 2008 : 1900
  if (year < minimumYear || year > 3000 || month < 1 || month > 12) return 'validation.date_tips'
  return day >= 1 && day <= daysInMonth(year, month) ? undefined : 'validation.date_tips'
}

/** A time of day HH:MM or HH:MM:SS: hour 0-23, minute and second 0-59. */
export function timeProblem(value: string): string | undefined {
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value)
  if (!match) return 'validation.time_tips'
  const [hour, minute, second] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)]
  return hour <= 23 && minute <= 59 && second <= 59 ? undefined : 'validation.time_tips'
}

/** Start and end must differ, start before end (§5). */
export function periodProblem(start: string, end: string): string | undefined {
  if (start === end) return 'validation.period_same'
  return start < end ? undefined : 'validation.period_order'
}

export const timeOfDay = text('validation.time_tips').superRefine((value, context) => {
  const problem = timeProblem(value)
  if (problem) context.addIssue({ code: 'custom', message: problem })
})
