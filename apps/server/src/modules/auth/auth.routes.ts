import { can } from '@canopy/shared/permissions'
import { refreshRequest, tokenRequest } from '@canopy/shared/validation'
import type { RateLimitSettings } from '../../http/rate-limit'
import { publicRoute, signedInRoute } from '../../http/route'
import type { UsersService } from '../users/users.service'
import type { AuthService } from './auth.service'

export function authRoutes(deps: { auth: AuthService; users: UsersService; limits: RateLimitSettings }) {
  const { auth, users, limits } = deps
  return [
    publicRoute({
      method: 'POST',
      path: '/backend/auth/token',
      body: tokenRequest,
      rateLimit: {
        name: 'login',
        points: limits.loginPerMinute,
        durationSeconds: 60,
        keys: ({ body, facts }) => [`ip:${facts.ip}`, `account:${body.username.toLowerCase()}`],
      },
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
