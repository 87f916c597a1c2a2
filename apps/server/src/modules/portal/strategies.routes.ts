import { can } from '@canopy/shared/permissions'
import {
  strategyAddRequest,
  strategyListRequest,
  strategyQuery,
  strategySaveRequest,
} from '@canopy/shared/validation'
import { signedInRoute } from '../../http/route'
import type { StrategiesService } from './strategies.service'

/**
 * /auth/strategy is primary-only (§2): every call refuses child accounts on the server, whatever
 * their roles grant. §7 names no strategy calls; these follow the others' pattern under
 * backend/portal, apart from backend/auth (the console's own login).
 */
export function strategiesRoutes({ strategies }: { strategies: StrategiesService }) {
  return [
    signedInRoute({
      permission: can.primary,
      method: 'POST',
      path: '/backend/portal/strategy/list',
      body: strategyListRequest,
      handler: ({ principal, body }) => strategies.list(principal, body),
    }),
    signedInRoute({
      permission: can.primary,
      method: 'GET',
      path: '/backend/portal/strategy/info',
      query: strategyQuery,
      handler: ({ principal, query }) => strategies.info(principal, query.id),
    }),
    signedInRoute({
      permission: can.primary,
      method: 'POST',
      path: '/backend/portal/strategy/add',
      body: strategyAddRequest,
      handler: ({ principal, body }) => strategies.add(principal, body),
    }),
    signedInRoute({
      permission: can.primary,
      method: 'POST',
      path: '/backend/portal/strategy/save',
      body: strategySaveRequest,
      handler: ({ principal, body }) => strategies.save(principal, body),
    }),
    signedInRoute({
      permission: can.primary,
      method: 'POST',
      path: '/backend/portal/strategy/delete',
      body: strategyQuery,
      handler: async ({ principal, body }) => {
        await strategies.remove(principal, body.id)
        return null
      },
    }),
  ]
}
