import type { Language } from '@canopy/shared/i18n/languages'
import dayjs from 'dayjs'
import { dayjsLocaleOf } from './i18n/dayjs-locale'
import { currentLanguage } from './i18n/i18n'

/**
 * A date and time in a table cell, as each language writes it short: its locale's own date and
 * time (en-us `11/24/2026 12:06 AM`, es `24/11/2026 0:06`, 24-hour where the locale is), and for
 * Chinese the national standard's `2026-11-24 00:06` (dayjs's zh-cn writes slashes).
 */
const COMPACT_FORMATS: Record<Language, string> = { 'en-us': 'L LT', es: 'L LT', 'zh-cn': 'YYYY-MM-DD HH:mm' }

/** A date and time in the current language's long form, e.g. "June 1, 2025 3:04 PM". */
export function formatDateTime(iso: string | null | undefined): string | undefined {
  if (!iso) return undefined
  const value = dayjs(iso)
  return value.isValid() ? value.locale(dayjsLocaleOf(currentLanguage())).format('LLL') : undefined
}

/** A date and time for a table cell, short (see COMPACT_FORMATS); undefined when none or invalid. */
export function formatCompactDateTime(
  iso: string | null | undefined,
  language: Language = currentLanguage(),
): string | undefined {
  if (!iso) return undefined
  const value = dayjs(iso)
  return value.isValid() ? value.locale(dayjsLocaleOf(language)).format(COMPACT_FORMATS[language]) : undefined
}

/** '+86 13800000000', or undefined when no phone is set. */
export function formatPhone(countryCode: string | null | undefined, phone: string | null | undefined) {
  if (!phone) return undefined
  return countryCode ? `+${countryCode} ${phone}` : phone
}
