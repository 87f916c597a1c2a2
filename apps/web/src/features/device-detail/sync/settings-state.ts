import { isJsonObject, type JsonObject, mergeState } from '@canopy/shared/protocol'
import type { SettingsSection } from '@canopy/shared/validation'

/** Where a section's last change stands (the server's device_settings row). */
export type SyncStatus = 'pending' | 'applying' | 'in_sync' | 'failed'

export interface SectionSync {
  section: SettingsSection
  status: SyncStatus
  /** the device's own words when it refused the change */
  reason: string | null
  requested_at: string
  updated_at: string
  operation_id: number | null
}

/** POST backend/device/settings: the shadow's two halves (secrets removed) and each section's state. */
export interface DeviceSettingsState {
  sections: SectionSync[]
  desired: JsonObject
  reported: JsonObject
  version: number
}

/** While the device is still to apply something, the page asks again every 1.5 s. */
export const SETTLING_POLL_MS = 1500

export function sectionSync(
  state: DeviceSettingsState | undefined,
  section: SettingsSection,
): SectionSync | undefined {
  return state?.sections.find((row) => row.section === section)
}

export function isSettling(state: DeviceSettingsState | undefined): boolean {
  return state?.sections.some((row) => row.status === 'pending' || row.status === 'applying') ?? false
}

/**
 * A section as the forms show it: what the device reports, overlaid with what the console has
 * asked for (desired), so a change still on its way is not shown as undone.
 */
export function sectionValues(state: DeviceSettingsState | undefined, section: SettingsSection): JsonObject {
  const reported = state?.reported[section]
  const desired = state?.desired[section]
  return mergeState(isJsonObject(reported) ? reported : {}, isJsonObject(desired) ? desired : {})
}

/** Whether the device has the section at all (it reports only the sections its model has). */
export function hasSection(state: DeviceSettingsState | undefined, section: SettingsSection): boolean {
  return isJsonObject(state?.reported[section]) || isJsonObject(state?.desired[section])
}
