import type { JsonObject } from '@canopy/shared/protocol'
import type { SystemSettings } from '@canopy/shared/validation'
import type { TFunction } from 'i18next'

export type TimedRebootValues = NonNullable<SystemSettings['timedReboot']>
export type WifiScheduleValues = NonNullable<SystemSettings['wifiSchedule']>

/** Weekdays as the device counts them (0 is Sunday), listed from Monday. */
const WEEK_FROM_MONDAY = [1, 2, 3, 4, 5, 6, 0] as const

export function weekdayOptions(t: TFunction) {
  const names: Record<(typeof WEEK_FROM_MONDAY)[number], string> = {
    0: t('deviceSettings.weekdays.sun'),
    1: t('deviceSettings.weekdays.mon'),
    2: t('deviceSettings.weekdays.tue'),
    3: t('deviceSettings.weekdays.wed'),
    4: t('deviceSettings.weekdays.thu'),
    5: t('deviceSettings.weekdays.fri'),
    6: t('deviceSettings.weekdays.sat'),
  }
  return WEEK_FROM_MONDAY.map((day) => ({ value: day, label: names[day] }))
}

/** A schedule as it is sent: its weekdays in order, however they were ticked. */
export function withSortedDays<S extends { days: readonly number[] }>(schedule: S): S {
  return { ...schedule, days: [...schedule.days].sort((a, b) => a - b) }
}

/** The device's timed reboot, or a switched-off one at 03:00 on Sundays. */
export function timedRebootValues(system: JsonObject): TimedRebootValues {
  return { enabled: false, days: [0], time: '03:00', ...(system.timedReboot as Partial<TimedRebootValues>) }
}

/** The device's WiFi timed off, or a switched-off one for the small hours of working days. */
export function wifiScheduleValues(system: JsonObject): WifiScheduleValues {
  return {
    enabled: false,
    days: [1, 2, 3, 4, 5],
    off: '01:00',
    on: '06:00',
    ...(system.wifiSchedule as Partial<WifiScheduleValues>),
  }
}
