import { can } from '@canopy/shared/permissions'
import {
  childAddRequest,
  childDeleteRequest,
  childListRequest,
  childPasswordResetRequest,
  childQuery,
  childSaveRequest,
} from '@canopy/shared/validation'
import { signedInRoute } from '../../http/route'
import type { ChildAccountsService } from './child-accounts.service'

/** §7 "Child accounts": the primary account's alone (§2 /account is primary-only). */
export function childAccountsRoutes({ children }: { children: ChildAccountsService }) {
  return [
    signedInRoute({
      permission: can.primary,
      method: 'POST',
      path: '/backend/user/child/list',
      body: childListRequest,
      handler: ({ principal, body }) => children.list(principal, body),
    }),
    signedInRoute({
      permission: can.primary,
      method: 'GET',
      path: '/backend/user/child/count',
      handler: ({ principal }) => children.count(principal),
    }),
    signedInRoute({
      permission: can.primary,
      method: 'GET',
      path: '/backend/user/child/info',
      query: childQuery,
      handler: ({ principal, query }) => children.info(principal, query.uid),
    }),
    signedInRoute({
      permission: can.primary,
      method: 'POST',
      path: '/backend/user/child/add',
      body: childAddRequest,
      handler: ({ principal, body }) => children.add(principal, body),
    }),
    signedInRoute({
      permission: can.primary,
      method: 'POST',
      path: '/backend/user/child/save',
      body: childSaveRequest,
      handler: ({ principal, body }) => children.save(principal, body),
    }),
    signedInRoute({
      permission: can.primary,
      method: 'POST',
      path: '/backend/user/child/resetspassword',
      body: childPasswordResetRequest,
      handler: async ({ principal, body }) => {
        await children.resetPasswords(principal, body.uids, body.password)
        return null
      },
    }),
    signedInRoute({
      permission: can.primary,
      method: 'POST',
      path: '/backend/user/child/deletes',
      body: childDeleteRequest,
      handler: async ({ principal, body }) => {
        await children.remove(principal, body.uids)
        return null
      },
    }),
  ]
}
