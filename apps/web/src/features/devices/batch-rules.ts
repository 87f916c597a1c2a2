import { can, type Permission } from '@canopy/shared/permissions'
import type { Device } from './api'

/** What can be done to devices from the list, one row or a selection. */
export type DeviceAction = 'move' | 'unbind' | 'delete'

export const DEVICE_ACTIONS: readonly DeviceAction[] = ['move', 'unbind', 'delete']

const ACTION_PERMISSIONS: Record<DeviceAction, Permission> = {
  move: can.device('move'),
  unbind: can.device('unbind'),
  delete: can.device('delete'),
}

/** The actions whose buttons show: only what the server would allow (§6). */
export function permittedActions(permitted: (permission: Permission) => boolean): DeviceAction[] {
  return DEVICE_ACTIONS.filter((action) => permitted(ACTION_PERMISSIONS[action]))
}

export type BatchDecision = { readonly allowed: true } | { readonly allowed: false; readonly reason: string }

/**
 * §5 batch rules for these actions: at least one device; deleting only offline devices (§4
 * "online devices cannot be deleted"). The refusal's reason is a message key. (Same model and
 * no offline device are rules of settings and upgrades, which move, unbind and delete are not.)
 */
export function decideBatch(action: DeviceAction, devices: readonly Pick<Device, 'status'>[]): BatchDecision {
  if (devices.length === 0) return { allowed: false, reason: 'devices.list.selectFirst' }
  if (action === 'delete' && devices.some((device) => device.status === 'online')) {
    return { allowed: false, reason: 'errors.deviceOnline' }
  }
  return { allowed: true }
}
