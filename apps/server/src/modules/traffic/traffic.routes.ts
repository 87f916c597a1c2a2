import { can } from '@canopy/shared/permissions'
import { deviceTrafficRequest, trafficRequest } from '@canopy/shared/validation'
import { signedInRoute } from '../../http/route'
import type { TrafficService } from './traffic.service'

export function trafficRoutes(deps: { traffic: TrafficService }) {
  const { traffic } = deps
  return [
    signedInRoute({
      permission: can.device('view'),
      method: 'POST',
      path: '/backend/device/traffic',
      body: deviceTrafficRequest,
      handler: ({ principal, body }) => traffic.device(principal, body.id, body.range),
    }),
    // Like the clients chart beside it on the home page: anyone, over what they see.
    signedInRoute({
      permission: can.anyone,
      method: 'POST',
      path: '/backend/user/statistics/traffic',
      body: trafficRequest,
      handler: ({ principal, body }) => traffic.total(principal, body.range, body.gid),
    }),
  ]
}
