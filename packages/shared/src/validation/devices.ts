import { z } from 'zod'
import { DEVICE_TYPES } from '../protocol/messages'
import { genericPassword } from './accounts'
import { idOf, integer, requiredText, text } from './core'
import { isMacForm, MAC_PATTERN, normaliseMac } from './mac'
import { id, page, pageNumber, pageSize, selection } from './organisation'

// §5 "Network values" (MAC), "Device name" and "Bind-device dialog".

export const DEVICE_NAME_PATTERN = /^[A-Za-z0-9_\-\u4e00-\u9fa5]{1,10}$/
export const DEVICE_ACCOUNT_MAX = 32
export const MANAGEMENT_PASSWORD_MAX = 63
export const DEFAULT_DEVICE_ACCOUNT = 'admin'

/**
 * The MAC rule: format, not all zeros, not all F, not a multicast/broadcast address. It checks
 * the normalised text, so every form of a MAC passes and the output is the stored form.
 */
export const mac = z.preprocess(
  (value) => (typeof value === 'string' ? normaliseMac(value) : value),
  requiredText('validation.mac_empty')
    .regex(MAC_PATTERN, { error: 'validation.mac_tips', abort: true })
    .refine((value) => !/^(00:){5}00$/.test(value), { error: 'validation.mac_not_0', abort: true })
    .refine((value) => !/^(FF:){5}FF$/.test(value), { error: 'validation.mac_not_f', abort: true })
    // The low bit of the first byte marks multicast (01:…) and broadcast addresses.
    .refine((value) => (Number.parseInt(value.slice(0, 2), 16) & 1) === 0, {
      error: 'validation.mac_broadcast_addr',
    }),
)

/**
 * A list search: a MAC in any form is searched as stored (the list matches the stored text);
 * any other keyword is left as it is.
 */
export function normaliseDeviceKeyword(keyword: string): string {
  return isMacForm(keyword) ? normaliseMac(keyword) : keyword
}

export const deviceName = requiredText('validation.device_name_tips').regex(DEVICE_NAME_PATTERN, {
  error: 'validation.device_name_tips',
})

/** §5 bind-device dialog: empty account means admin; one project ticked. */
export const bindRequest = z.object({
  mac,
  username: text()
    .max(DEVICE_ACCOUNT_MAX, { error: 'validation.device_account_tips' })
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : DEFAULT_DEVICE_ACCOUNT)),
  password: genericPassword.pipe(text().max(MANAGEMENT_PASSWORD_MAX, { error: 'validation.pwd_invalid' })),
  // §7 sends the selected group as a string of ids; one group may be ticked.
  gid: idOf('validation.project_error_in_empty'),
})
export type BindRequest = z.infer<typeof bindRequest>

export const DEVICE_SORT_FIELDS = [
  'name',
  'mac',
  'status',
  'model',
  'firmware',
  'accessTime',
  'uptime',
  'clients',
] as const

export const deviceListRequest = z.object({
  ...page,
  gid: id.optional(),
  status: z.enum(['online', 'offline']).optional(),
  type: z.enum(DEVICE_TYPES).optional(),
  model: text().max(64).optional(),
  firmware: text().max(64).optional(),
  /** part of the name or the MAC (a whole MAC in any form) */
  keyword: text().max(64).transform(normaliseDeviceKeyword).optional(),
  sort: z.enum(DEVICE_SORT_FIELDS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  /** only devices whose running configuration drifted from what Canopy set (issue 14) */
  drift: z.literal(true).optional(),
  /** only devices holding this configuration template, manually or automatically (issue 14) */
  tpl: id.optional(),
})
export type DeviceListRequest = z.infer<typeof deviceListRequest>

/** Batch device operations take at least one device (§5). */
export const deviceSelection = z.object({ ids: selection })
export const deviceMoveRequest = z.object({ ids: selection, gid: id })
export const deviceQuery = z.object({ id })

/** A device's progress in an operation, as the console shows it (offline and waiting = pending). */
export const PROGRESS_STATUSES = ['pending', 'applying', 'success', 'failed'] as const
export type ProgressStatus = (typeof PROGRESS_STATUSES)[number]

/**
 * device/operation: an operation's progress. Its counts always; its devices all at once, or a
 * page of them (a batch or a project may hold 10,000), optionally only those in one status.
 */
export const operationProgressQuery = z.object({
  id,
  status: z.enum(PROGRESS_STATUSES, { error: 'validation.invalid_choice' }).optional(),
  pageIndex: pageNumber.optional(),
  pageOffset: pageSize.optional(),
})
export type OperationProgressQuery = z.infer<typeof operationProgressQuery>

/** How many hours back a chart looks: a day unless asked, a week at most. */
export const chartHours = integer(1, 168, 'validation.hours_tips').default(24)

/** §7 user/statistics/clients/onlines: the home chart, over the last hours. */
export const clientsOnlineRequest = z.object({ gid: id.optional(), hours: chartHours })
