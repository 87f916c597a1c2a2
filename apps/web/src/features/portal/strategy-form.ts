import { VALIDITY_DAYS_MAX } from '@canopy/shared/validation'
import type { PortalStrategy, StrategyForm } from './api'

/** The validity select's value for "permanent" (the API's null; a select cannot hold null). */
export const PERMANENT = 0

/** What the form holds: the API's fields, with validity as a select value (PERMANENT for null). */
export type StrategyValues = Omit<StrategyForm, 'validity_days'> & { validity_days: number }

/** §9: 1-7 days, or permanent. */
export const VALIDITY_CHOICES: readonly number[] = [
  ...Array.from({ length: VALIDITY_DAYS_MAX }, (_, index) => index + 1),
  PERMANENT,
]

export const NEW_STRATEGY: StrategyValues = {
  name: '',
  validity_days: 1,
  session_minutes: 0,
  upload_kbps: 0,
  download_kbps: 0,
  upload_quota_mb: 0,
  download_quota_mb: 0,
  ip_whitelist: '',
  ip_blacklist: '',
  mac_whitelist: '',
  mac_blacklist: '',
}

export function formValues(strategy: PortalStrategy): StrategyValues {
  const { id: _id, created_at: _created, validity_days, ...rest } = strategy
  return { ...rest, validity_days: validity_days ?? PERMANENT }
}

export function requestOf({ validity_days, ...rest }: StrategyValues): StrategyForm {
  return { ...rest, validity_days: validity_days === PERMANENT ? null : validity_days }
}

/** How many addresses a comma-separated list holds (the table's summary). */
export function entryCount(list: string): number {
  return list === '' ? 0 : list.split(',').length
}
