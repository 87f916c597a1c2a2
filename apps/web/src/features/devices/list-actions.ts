import { ACTION_PERMISSIONS, type DeviceAction as AnyDeviceAction } from '@canopy/shared/batch-rules'
import { can, type Permission } from '@canopy/shared/permissions'

/**
 * What the device list offers, one row or a selection. Whether a selection may take an action
 * is the shared `decideBatch` (packages/shared/src/batch-rules.ts), as on the server.
 */
export type DeviceAction = Extract<
  AnyDeviceAction,
  'move' | 'unbind' | 'delete' | 'reboot' | 'wifi' | 'timedReboot' | 'led' | 'upgrade'
>
/** The actions that reach the devices themselves and are followed in the progress view. */
export type DeviceOperation = Extract<DeviceAction, 'reboot' | 'wifi' | 'timedReboot' | 'led'>

export const DEVICE_ACTIONS: readonly DeviceAction[] = [
  'reboot',
  'wifi',
  'timedReboot',
  'led',
  'upgrade',
  'move',
  'unbind',
  'delete',
]
/** The actions offered on each row; the operations are for a selection (toolbar). */
export const ROW_ACTIONS: readonly DeviceAction[] = ['upgrade', 'move', 'unbind', 'delete']

/** The actions whose buttons show: only what the server would allow (§6). */
export function permittedActions(permitted: (permission: Permission) => boolean): DeviceAction[] {
  return DEVICE_ACTIONS.filter((action) => permitted(ACTION_PERMISSIONS[action]))
}

/** Remote management links need the "edit" function (remote.routes.ts). */
export const REMOTE_PERMISSION: Permission = can.device('edit')
