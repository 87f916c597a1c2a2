import { can } from '@canopy/shared/permissions'
import { roleAddRequest, roleQuery, roleSaveRequest } from '@canopy/shared/validation'
import { signedInRoute } from '../../http/route'
import type { RolesService } from './roles.service'

// §7 names no role calls; these follow the pattern of the others (docs/decisions.md).
export function rolesRoutes({ roles }: { roles: RolesService }) {
  return [
    signedInRoute({
      permission: can.primary,
      method: 'GET',
      path: '/backend/role/all',
      handler: ({ principal }) => roles.list(principal),
    }),
    signedInRoute({
      permission: can.primary,
      method: 'GET',
      path: '/backend/role/info',
      query: roleQuery,
      handler: ({ principal, query }) => roles.info(principal, query.id),
    }),
    signedInRoute({
      permission: can.primary,
      method: 'POST',
      path: '/backend/role/add',
      body: roleAddRequest,
      handler: ({ principal, body }) => roles.add(principal, body),
    }),
    signedInRoute({
      permission: can.primary,
      method: 'POST',
      path: '/backend/role/save',
      body: roleSaveRequest,
      handler: ({ principal, body }) => roles.save(principal, body),
    }),
    signedInRoute({
      permission: can.primary,
      method: 'GET',
      path: '/backend/role/delete',
      query: roleQuery,
      handler: async ({ principal, query }) => {
        await roles.remove(principal, query.id)
        return null
      },
    }),
  ]
}
