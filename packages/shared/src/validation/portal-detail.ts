import { z } from 'zod'
import { withLogFilters } from './log-filters'
import { id, page } from './organisation'

// Authentication details (§2 /auth/detail): who authenticated where and how.

/** How a guest got in: a method of the portal, a white list, or being remembered elsewhere (roaming). */
export const GUEST_METHODS = ['click', 'member', 'sms', 'whitelist', 'roaming'] as const
export type GuestMethod = (typeof GUEST_METHODS)[number]
/** issued: a token the gateway has not taken yet; active: let through; ended: over. */
export const GUEST_STATUSES = ['issued', 'active', 'ended'] as const
export type GuestStatus = (typeof GUEST_STATUSES)[number]

const filters = {
  /** part of the client's MAC, in any of its written forms */
  mac: z
    .string({ error: 'validation.invalid_choice' })
    .trim()
    .max(17, { error: 'validation.invalid_choice' })
    .regex(/^[0-9A-Fa-f:.-]*$/, { error: 'validation.invalid_choice' })
    .optional(),
  device_id: id.optional(),
  method: z.enum(GUEST_METHODS, { error: 'validation.invalid_choice' }).optional(),
  status: z.enum(GUEST_STATUSES, { error: 'validation.invalid_choice' }).optional(),
}

/** POST backend/portal/detail/list: a page of guests' authentications, newest first. */
export const guestDetailRequest = withLogFilters({ ...page, ...filters })
/** GET backend/portal/detail/export: the same filters, as CSV. */
export const guestDetailExportRequest = withLogFilters(filters)
export type GuestDetailFilters = z.infer<typeof guestDetailExportRequest>
/** POST backend/portal/detail/kick: ends a guest's session on its gateway. */
export const guestKickRequest = z.object({ id })

/** One guest authentication as the details list shows it. */
export interface GuestDetail {
  id: number
  client_mac: string
  client_ip: string | null
  device_id: number
  device_name: string
  device_mac: string
  target: string
  method: GuestMethod
  /** the member account, or the phone masked (138****5678) */
  account: string | null
  status: GuestStatus
  created_at: string
  authenticated_at: string | null
  expires_at: string | null
  ended_at: string | null
  end_reason: string | null
  incoming_bytes: number
  outgoing_bytes: number
}
