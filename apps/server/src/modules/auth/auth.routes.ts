import { can } from '@canopy/shared/permissions'
import { refreshRequest, tokenRequest } from '@canopy/shared/validation'
import { publicRoute, signedInRoute } from '../../http/route'
import type { UsersService } from '../users/users.service'
import type { AuthService } from './auth.service'

export function authRoutes(deps: { auth: AuthService; users: UsersService }) {
  const { auth, users } = deps
  return [
    publicRoute({
      method: 'POST',
      path: '/backend/auth/token',
      // Failed logins are throttled by the service (login-throttle.ts): it knows which failed.
      body: tokenRequest,
      handler: ({ body, facts }) => auth.login(body, facts),
    }),
    publicRoute({
      method: 'POST',
      path: '/backend/auth/token/refresh',
      body: refreshRequest,
      handler: ({ body }) => auth.refresh(body.refresh_token),
    }),
    signedInRoute({
      permission: can.anyone,
      method: 'GET',
      path: '/backend/auth/token/destroy',
      handler: async ({ principal }) => {
        await auth.logout(principal)
        return null
      },
    }),
    signedInRoute({
      permission: can.anyone,
      method: 'GET',
      path: '/backend/auth/userinfo',
      handler: ({ principal }) => users.currentUser(principal),
    }),
  ]
}
