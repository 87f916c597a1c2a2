import dayjs from 'dayjs'
import { dayjsLocaleOf } from './i18n/dayjs-locale'
import { currentLanguage } from './i18n/i18n'

/** A date and time in the current language's long form, e.g. "June 1, 2025 3:04 PM". */
export function formatDateTime(iso: string | null | undefined): string | undefined {
  if (!iso) return undefined
  const value = dayjs(iso)
  return value.isValid() ? value.locale(dayjsLocaleOf(currentLanguage())).format('LLL') : undefined
}

/** '+86 13800000000', or undefined when no phone is set. */
export function formatPhone(countryCode: string | null | undefined, phone: string | null | undefined) {
  if (!phone) return undefined
  return countryCode ? `+${countryCode} ${phone}` : phone
}
