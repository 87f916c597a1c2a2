import type { DeviceType } from '@canopy/shared/protocol'
import type { TFunction } from 'i18next'
import type { DeviceStatus } from './api'

/**
 * The §3 device types and their labels. Keyed by the shared `DeviceType`, so the compiler
 * fails here when the shared list gains or loses a type.
 */
export function deviceTypeLabels(t: TFunction): Record<DeviceType, string> {
  return {
    ap: t('devices.types.ap'),
    gateway: t('devices.types.gateway'),
    repeater: t('devices.types.repeater'),
    router4g: t('devices.types.router4g'),
  }
}

export function statusLabels(t: TFunction): Record<DeviceStatus, string> {
  return { online: t('devices.status.online'), offline: t('devices.status.offline') }
}

/** A device's name, or its MAC while it has none. */
export function deviceLabel(device: { name: string | null; mac: string }): string {
  return device.name || device.mac
}

/** §3: the root group (shown with its label) or the project's own name. */
export function projectName(
  device: { project: string | null; project_is_root: 0 | 1 },
  rootLabel: string,
): string {
  return device.project_is_root === 1 ? rootLabel : (device.project ?? '')
}
