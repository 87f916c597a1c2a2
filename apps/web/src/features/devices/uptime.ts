import type { TFunction } from 'i18next'

/** How long a device has been up, in the two largest units that matter. */
export type UptimeParts =
  | { unit: 'days'; days: number; hours: number }
  | { unit: 'hours'; hours: number; minutes: number }
  | { unit: 'minutes'; minutes: number }
  | { unit: 'underMinute' }

const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** Splits seconds into days and hours, hours and minutes, or minutes (rounded down). */
export function uptimeParts(seconds: number): UptimeParts {
  const whole = Math.max(0, Math.floor(seconds))
  if (whole >= DAY)
    return { unit: 'days', days: Math.floor(whole / DAY), hours: Math.floor((whole % DAY) / HOUR) }
  if (whole >= HOUR)
    return { unit: 'hours', hours: Math.floor(whole / HOUR), minutes: Math.floor((whole % HOUR) / MINUTE) }
  if (whole >= MINUTE) return { unit: 'minutes', minutes: Math.floor(whole / MINUTE) }
  return { unit: 'underMinute' }
}

/** "3 d 4 h", "5 h 12 min", "42 min" in the current language. */
export function formatUptime(seconds: number, t: TFunction): string {
  const parts = uptimeParts(seconds)
  switch (parts.unit) {
    case 'days':
      return t('devices.uptime.days', { days: parts.days, hours: parts.hours })
    case 'hours':
      return t('devices.uptime.hours', { hours: parts.hours, minutes: parts.minutes })
    case 'minutes':
      return t('devices.uptime.minutes', { minutes: parts.minutes })
    case 'underMinute':
      return t('devices.uptime.underMinute')
  }
}
