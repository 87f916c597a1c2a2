import { ErrorCode, type ErrorCodeValue, errorCatalogue } from './errors'
import { can, type Permission } from './permissions'

/**
 * The §5 batch rules ("at least one device, same model, no offline devices, operation
 * permission on all") with §4's "online devices cannot be deleted": the console applies them
 * before calling, the server's services apply the same function and answer its §8 code.
 */

/** What can be done to one device or a selection of them. */
export type DeviceAction =
  | 'move'
  | 'unbind'
  | 'delete'
  | 'reboot'
  | 'wifi'
  | 'timedReboot'
  | 'led'
  /** any other setting (system, network, repeater), one device at a time */
  | 'settings'
  /** asks the device itself now: LED blink, its log, its clients */
  | 'ask'

interface ActionRule {
  readonly permission: Permission
  /**
   * - any: the cloud's records only (move, unbind), status does not matter;
   * - online: the device must answer now (§4: offline devices cannot be rebooted);
   * - offline: §4, online devices cannot be deleted;
   * - onlineInBatch: a setting; one offline device may be set (the change waits in its shadow),
   *   several must all be online (§4: offline devices cannot be set in batch).
   */
  readonly status: 'any' | 'online' | 'offline' | 'onlineInBatch'
  /** several devices must be of one model: WiFi radios and channels are the model's */
  readonly oneModel: boolean
}

const RULES: Readonly<Record<DeviceAction, ActionRule>> = {
  move: { permission: can.device('move'), status: 'any', oneModel: false },
  unbind: { permission: can.device('unbind'), status: 'any', oneModel: false },
  delete: { permission: can.device('delete'), status: 'offline', oneModel: false },
  reboot: { permission: can.device('reboot'), status: 'online', oneModel: false },
  timedReboot: { permission: can.device('reboot'), status: 'onlineInBatch', oneModel: false },
  wifi: { permission: can.device('edit'), status: 'onlineInBatch', oneModel: true },
  led: { permission: can.device('edit'), status: 'onlineInBatch', oneModel: false },
  settings: { permission: can.device('edit'), status: 'onlineInBatch', oneModel: false },
  ask: { permission: can.device('view'), status: 'online', oneModel: false },
}

/** The permission each action's calls declare on the server (§6). */
export const ACTION_PERMISSIONS: Readonly<Record<DeviceAction, Permission>> = Object.fromEntries(
  Object.entries(RULES).map(([action, rule]) => [action, rule.permission]),
) as Record<DeviceAction, Permission>

/** What the rules look at: the status, and the model (or anything naming it, e.g. a product id). */
export interface BatchDevice {
  readonly status: string
  readonly model: string | number
}

export type BatchDecision =
  | { readonly allowed: true }
  | {
      readonly allowed: false
      /** the §8 code the server answers */
      readonly code: ErrorCodeValue
      /** the message key the console shows */
      readonly reason: string
      /** the broken rule as the server's "invalid parameter" details name it */
      readonly violation?: { readonly field: 'ids'; readonly rule: string }
    }

/** A refusal with its §8 code; the console shows the code's own message unless told otherwise. */
const refuse = (code: ErrorCodeValue, violation?: { rule: string; message: string }): BatchDecision => ({
  allowed: false,
  code,
  reason: violation?.message ?? errorCatalogue[code].key,
  ...(violation ? { violation: { field: 'ids', rule: violation.rule } } : {}),
})

/**
 * Whether the caller may do `action` to these devices, checked in the order the server's own
 * checks come: permission, at least one device, status, one model.
 */
export function decideBatch(
  action: DeviceAction,
  devices: readonly BatchDevice[],
  permitted: (permission: Permission) => boolean,
): BatchDecision {
  const rule = RULES[action]
  if (!permitted(rule.permission)) return refuse(ErrorCode.NO_PERMISSION)
  // The server's schemas refuse an empty selection with this rule; the list says it its own way.
  if (devices.length === 0)
    return refuse(ErrorCode.INVALID_PARAMETER, {
      rule: 'validation.select_one',
      message: 'devices.list.selectFirst',
    })
  const batch = devices.length > 1
  const anyOffline = devices.some((device) => device.status !== 'online')
  if (rule.status === 'offline' && devices.some((device) => device.status === 'online'))
    return refuse(ErrorCode.DEVICE_ONLINE)
  if ((rule.status === 'online' || (rule.status === 'onlineInBatch' && batch)) && anyOffline)
    return refuse(ErrorCode.DEVICE_OFFLINE)
  if (rule.oneModel && new Set(devices.map((device) => device.model)).size > 1)
    return refuse(ErrorCode.INVALID_PARAMETER, {
      rule: 'validation.same_model',
      message: 'validation.same_model',
    })
  return { allowed: true }
}
