import { can } from '@canopy/shared/permissions'
import { guestDetailExportRequest, guestDetailRequest, guestKickRequest } from '@canopy/shared/validation'
import { signedInRoute } from '../../http/route'
import type { GuestDetailsService } from './guest-details.service'

/**
 * §2 /auth/detail: not primary-only — any account whose roles grant the authentication section
 * reads the guests of the devices in its scope; kicking one off operates (a guest-role child may not).
 */
export function guestDetailsRoutes({ details }: { details: GuestDetailsService }) {
  return [
    signedInRoute({
      permission: can.view('auth'),
      method: 'POST',
      path: '/backend/portal/detail/list',
      body: guestDetailRequest,
      handler: ({ principal, body }) => details.list(principal, body),
    }),
    signedInRoute({
      permission: can.view('auth'),
      method: 'GET',
      path: '/backend/portal/detail/export',
      query: guestDetailExportRequest,
      handler: ({ principal, query, facts }) => details.export(principal, query, facts.language),
    }),
    signedInRoute({
      permission: can.operate('auth'),
      method: 'POST',
      path: '/backend/portal/detail/kick',
      body: guestKickRequest,
      handler: ({ principal, body }) => details.kick(principal, body.id),
    }),
  ]
}
