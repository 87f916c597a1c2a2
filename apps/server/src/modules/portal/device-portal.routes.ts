import { can } from '@canopy/shared/permissions'
import { deviceQuery, portalSetRequest, roamInfoRequest, roamSetRequest } from '@canopy/shared/validation'
import { signedInRoute } from '../../http/route'
import type { DevicePortalService } from './device-portal.service'

/**
 * §7 device auth/info, auth/set, auth/roam/info, auth/roam/set. Unlike /auth/portal and
 * /auth/strategy these are not primary-only: a child whose role grants the device's portal
 * function on its project may set it (§6 device function permissions).
 */
export function devicePortalRoutes({ portals }: { portals: DevicePortalService }) {
  return [
    signedInRoute({
      permission: can.device('view'),
      method: 'POST',
      path: '/backend/device/auth/info',
      body: deviceQuery,
      handler: ({ principal, body }) => portals.info(principal, body.id),
    }),
    signedInRoute({
      permission: can.device('portal'),
      method: 'POST',
      path: '/backend/device/auth/set',
      body: portalSetRequest,
      handler: ({ principal, body }) => portals.set(principal, body),
    }),
    signedInRoute({
      permission: can.device('view'),
      method: 'POST',
      path: '/backend/device/auth/roam/info',
      body: roamInfoRequest,
      handler: ({ principal, body }) => portals.roamInfo(principal, body.gid),
    }),
    signedInRoute({
      permission: can.device('portal'),
      method: 'POST',
      path: '/backend/device/auth/roam/set',
      body: roamSetRequest,
      handler: ({ principal, body }) => portals.roamSet(principal, body.gid, body.enabled),
    }),
  ]
}
