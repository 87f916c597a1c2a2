import { can } from '@canopy/shared/permissions'
import {
  memberAddRequest,
  memberListRequest,
  memberQuery,
  memberSaveRequest,
  methodSaveRequest,
} from '@canopy/shared/validation'
import { signedInRoute } from '../../http/route'
import type { MembersService } from './members.service'
import type { MethodsService } from './methods.service'

/**
 * /auth/method is primary-only (§2): every call refuses child accounts on the server. §7 names no
 * method or member calls; these follow the strategies' pattern under backend/portal. The .xls
 * import is multipart, outside the JSON pipeline (members-import.routes.ts).
 */
export function methodsRoutes({ methods, members }: { methods: MethodsService; members: MembersService }) {
  return [
    signedInRoute({
      permission: can.primary,
      method: 'GET',
      path: '/backend/portal/method/info',
      handler: ({ principal }) => methods.info(principal),
    }),
    signedInRoute({
      permission: can.primary,
      method: 'POST',
      path: '/backend/portal/method/save',
      body: methodSaveRequest,
      handler: ({ principal, body }) => methods.save(principal, body),
    }),
    signedInRoute({
      permission: can.primary,
      method: 'POST',
      path: '/backend/portal/member/list',
      body: memberListRequest,
      handler: ({ principal, body }) => members.list(principal, body),
    }),
    signedInRoute({
      permission: can.primary,
      method: 'POST',
      path: '/backend/portal/member/add',
      body: memberAddRequest,
      handler: ({ principal, body }) => members.add(principal, body),
    }),
    signedInRoute({
      permission: can.primary,
      method: 'POST',
      path: '/backend/portal/member/save',
      body: memberSaveRequest,
      handler: ({ principal, body }) => members.save(principal, body),
    }),
    signedInRoute({
      permission: can.primary,
      method: 'POST',
      path: '/backend/portal/member/delete',
      body: memberQuery,
      handler: async ({ principal, body }) => {
        await members.remove(principal, body.id)
        return null
      },
    }),
    signedInRoute({
      permission: can.primary,
      method: 'GET',
      path: '/backend/portal/member/export',
      handler: ({ principal }) => members.export(principal),
    }),
  ]
}
