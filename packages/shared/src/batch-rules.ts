import { ErrorCode, type ErrorCodeValue, errorCatalogue } from './errors'
import { can, type Permission } from './permissions'

/**
 * The §5 batch rules ("at least one device, same model, no offline devices, operation
 * permission on all") with §4's "online devices cannot be deleted": the console applies them
 * before offering an action (a refused one is disabled, its reason in a tooltip), the server's
 * services apply the same function and answer its §8 code.
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
  /** a firmware upgrade order (issue 13): admin-only (§6), one model, online unless it waits */
  | 'upgrade'
  /**
   * a configuration template applied now (issue 14, §4 "offline devices cannot be downloaded
   * to"): every device online; `applyTemplateWifi` when it sets WiFi, whose radios are the model's
   */
  | 'applyTemplate'
  | 'applyTemplateWifi'
  /** a configuration backup (issue 14): a job, so an offline device backs up when it returns */
  | 'backup'
  /** a configuration restore (issue 14): §4, offline devices cannot be downloaded to */
  | 'restore'

interface ActionRule {
  readonly permission: Permission
  /**
   * - any: the cloud's records only (move, unbind), status does not matter;
   * - online: the device must answer now (§4: offline devices cannot be rebooted);
   * - offline: §4, online devices cannot be deleted;
   * - onlineInBatch: a setting; one offline device may be set (the change waits in its shadow),
   *   several must all be online (§4: offline devices cannot be set in batch);
   * - onlineUnlessWaiting: online (§5 "no offline devices"), unless the order waits for offline
   *   devices to come back (an upgrade order's `waitOffline`).
   */
  readonly status: 'any' | 'online' | 'offline' | 'onlineInBatch' | 'onlineUnlessWaiting'
  /** several devices must be of one model: WiFi radios and channels are the model's */
  readonly oneModel: boolean
  /** the message key of a status refusal, said of this action (its §8 code's message otherwise) */
  readonly statusReason?: string
}

/** A setting (onlineInBatch) refused for an offline device in a batch. */
const OFFLINE_IN_BATCH = 'devices.refusals.offlineInBatch'

const RULES: Readonly<Record<DeviceAction, ActionRule>> = {
  move: { permission: can.device('move'), status: 'any', oneModel: false },
  unbind: { permission: can.device('unbind'), status: 'any', oneModel: false },
  delete: {
    permission: can.device('delete'),
    status: 'offline',
    oneModel: false,
    statusReason: 'devices.refusals.onlineDelete',
  },
  reboot: {
    permission: can.device('reboot'),
    status: 'online',
    oneModel: false,
    statusReason: 'devices.refusals.offlineReboot',
  },
  timedReboot: {
    permission: can.device('reboot'),
    status: 'onlineInBatch',
    oneModel: false,
    statusReason: OFFLINE_IN_BATCH,
  },
  wifi: {
    permission: can.device('edit'),
    status: 'onlineInBatch',
    oneModel: true,
    statusReason: OFFLINE_IN_BATCH,
  },
  led: {
    permission: can.device('edit'),
    status: 'onlineInBatch',
    oneModel: false,
    statusReason: OFFLINE_IN_BATCH,
  },
  settings: {
    permission: can.device('edit'),
    status: 'onlineInBatch',
    oneModel: false,
    statusReason: OFFLINE_IN_BATCH,
  },
  ask: {
    permission: can.device('view'),
    status: 'online',
    oneModel: false,
    statusReason: 'devices.refusals.offlineAsk',
  },
  upgrade: { permission: can.device('upgrade'), status: 'onlineUnlessWaiting', oneModel: true },
  // §8 "Device is offline" in its own words (no statusReason)
  applyTemplate: { permission: can.device('edit'), status: 'online', oneModel: false },
  applyTemplateWifi: { permission: can.device('edit'), status: 'online', oneModel: true },
  backup: { permission: can.device('backup'), status: 'any', oneModel: false },
  restore: {
    permission: can.device('backup'),
    status: 'online',
    oneModel: true,
    statusReason: 'devices.refusals.offlineRestore',
  },
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
      /** the message key the console shows: a disabled control's tooltip */
      readonly reason: string
      /** the broken rule as the server's "invalid parameter" details name it */
      readonly violation?: { readonly field: 'ids'; readonly rule: string }
    }

/** A refusal with its §8 code; the console shows `reason`, or the code's own message. */
const refuse = (
  code: ErrorCodeValue,
  options: { reason?: string; violation?: { rule: string; message: string } } = {},
): BatchDecision => ({
  allowed: false,
  code,
  reason: options.reason ?? options.violation?.message ?? errorCatalogue[code].key,
  ...(options.violation ? { violation: { field: 'ids', rule: options.violation.rule } } : {}),
})

/**
 * Whether the caller may do `action` to these devices, checked in the order the server's own
 * checks come: permission, at least one device, status, one model.
 */
export function decideBatch(
  action: DeviceAction,
  devices: readonly BatchDevice[],
  permitted: (permission: Permission) => boolean,
  options: { readonly waitOffline?: boolean } = {},
): BatchDecision {
  const rule = RULES[action]
  if (!permitted(rule.permission)) return refuse(ErrorCode.NO_PERMISSION)
  // The server's schemas refuse an empty selection with this rule; the list says it its own way.
  if (devices.length === 0)
    return refuse(ErrorCode.INVALID_PARAMETER, {
      violation: { rule: 'validation.select_one', message: 'devices.list.selectFirst' },
    })
  const batch = devices.length > 1
  const anyOffline = devices.some((device) => device.status !== 'online')
  if (rule.status === 'offline' && devices.some((device) => device.status === 'online'))
    return refuse(ErrorCode.DEVICE_ONLINE, { reason: rule.statusReason })
  const mustBeOnline =
    rule.status === 'online' ||
    (rule.status === 'onlineInBatch' && batch) ||
    (rule.status === 'onlineUnlessWaiting' && !options.waitOffline)
  if (mustBeOnline && anyOffline) return refuse(ErrorCode.DEVICE_OFFLINE, { reason: rule.statusReason })
  if (rule.oneModel && new Set(devices.map((device) => device.model)).size > 1)
    return refuse(ErrorCode.INVALID_PARAMETER, {
      violation: { rule: 'validation.same_model', message: 'validation.same_model' },
    })
  return { allowed: true }
}

/**
 * Whether the caller may bind a device (§2 dialog): the bind function, and a project to bind it
 * into (a child whose roles name no project has none). The server answers a project outside
 * the caller's scope with the same code.
 */
export function decideBind(
  visibleProjects: number,
  permitted: (permission: Permission) => boolean,
): BatchDecision {
  if (!permitted(can.device('bind'))) return refuse(ErrorCode.NO_PERMISSION)
  if (visibleProjects === 0) return refuse(ErrorCode.NO_PERMISSION, { reason: 'devices.refusals.noProject' })
  return { allowed: true }
}
