import { can, type Permission } from '@canopy/shared/permissions'
import type { Device } from './api'

/** What can be done to devices from the list, one row or a selection. */
export type DeviceAction = 'move' | 'unbind' | 'delete' | 'reboot' | 'wifi' | 'timedReboot' | 'led'
/** The actions that reach the devices themselves and are followed in the progress view. */
export type DeviceOperation = Extract<DeviceAction, 'reboot' | 'wifi' | 'timedReboot' | 'led'>

export const DEVICE_ACTIONS: readonly DeviceAction[] = [
  'reboot',
  'wifi',
  'timedReboot',
  'led',
  'move',
  'unbind',
  'delete',
]
/** The actions offered on each row; the operations are for a selection (toolbar). */
export const ROW_ACTIONS: readonly DeviceAction[] = ['move', 'unbind', 'delete']

// The server's permission for each call (device-control.routes.ts, settings.routes.ts).
const ACTION_PERMISSIONS: Record<DeviceAction, Permission> = {
  move: can.device('move'),
  unbind: can.device('unbind'),
  delete: can.device('delete'),
  reboot: can.device('reboot'),
  timedReboot: can.device('reboot'),
  wifi: can.device('edit'),
  led: can.device('edit'),
}

/** The actions whose buttons show: only what the server would allow (§6). */
export function permittedActions(permitted: (permission: Permission) => boolean): DeviceAction[] {
  return DEVICE_ACTIONS.filter((action) => permitted(ACTION_PERMISSIONS[action]))
}

/** Remote management links need the "edit" function (remote.routes.ts). */
export const REMOTE_PERMISSION: Permission = can.device('edit')

export type BatchDecision = { readonly allowed: true } | { readonly allowed: false; readonly reason: string }

/**
 * The §5 batch rules, as the server applies them; the refusal's reason is a message key.
 * - at least one device, always;
 * - delete: offline devices only (§4 "online devices cannot be deleted");
 * - reboot: online devices only, one or many (§4 "offline devices cannot be rebooted");
 * - settings (WiFi, timed reboot, LED) to several devices: all online (§4 "cannot be set in
 *   batch"); one offline device may be set, the change waits for it in its shadow;
 * - WiFi to several devices: all of one model (the radios and channels are the model's).
 * Move and unbind touch only the cloud's records, so status and model do not matter.
 */
export function decideBatch(
  action: DeviceAction,
  devices: readonly Pick<Device, 'status' | 'model'>[],
): BatchDecision {
  if (devices.length === 0) return { allowed: false, reason: 'devices.list.selectFirst' }
  const anyOffline = devices.some((device) => device.status !== 'online')
  const batch = devices.length > 1
  switch (action) {
    case 'delete':
      if (devices.some((device) => device.status === 'online'))
        return { allowed: false, reason: 'errors.deviceOnline' }
      break
    case 'reboot':
      if (anyOffline) return { allowed: false, reason: 'errors.deviceOffline' }
      break
    case 'wifi':
    case 'timedReboot':
    case 'led':
      if (batch && anyOffline) return { allowed: false, reason: 'errors.deviceOffline' }
      if (action === 'wifi' && new Set(devices.map((device) => device.model)).size > 1)
        return { allowed: false, reason: 'validation.same_model' }
      break
  }
  return { allowed: true }
}
