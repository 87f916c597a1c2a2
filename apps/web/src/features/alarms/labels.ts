import { ALARM_THRESHOLDS, type AlarmCategory, hasThreshold } from '@canopy/shared/validation'
import type { TFunction } from 'i18next'
import '../../shared/i18n/alarms-messages'

/** A category's name, as the settings and the list show it. */
export function categoryLabel(t: TFunction, category: AlarmCategory): string {
  return t(`alarms.categories.${category}`)
}

/** The unit of a category's threshold (%, clients, dBm), or undefined for one without. */
export function thresholdUnit(t: TFunction, category: AlarmCategory): string | undefined {
  return hasThreshold(category) ? t(`alarms.units.${ALARM_THRESHOLDS[category]}`) : undefined
}

/** An alarm's reading beside its threshold: "97.5 % (threshold 90 %)", the detail, or nothing. */
export function readingOf(
  t: TFunction,
  alarm: { category: AlarmCategory; value: number | null; threshold: number | null; detail: string | null },
): string {
  if (alarm.value !== null && alarm.threshold !== null) {
    const unit = thresholdUnit(t, alarm.category) ?? ''
    return t('alarms.list.value', {
      value: `${alarm.value} ${unit}`,
      threshold: `${alarm.threshold} ${unit}`,
    })
  }
  return alarm.detail ?? ''
}
