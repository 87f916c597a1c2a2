import { can } from '@canopy/shared/permissions'
import { refreshRequest, tokenRequest } from '@canopy/shared/validation'
import { publicRoute, signedInRoute } from '../../http/route'
import type { UsersService } from '../users/users.service'
import type { AuthService } from './auth.service'
import {
  forgetRefreshToken,
  keepRefreshToken,
  refreshTokenCookie,
  withoutRefreshToken,
} from './refresh-cookie'

export function authRoutes(deps: { auth: AuthService; users: UsersService }) {
  const { auth, users } = deps
  return [
    publicRoute({
      method: 'POST',
      path: '/backend/auth/token',
      // Failed logins are throttled by the service (login-throttle.ts): it knows which failed.
      body: tokenRequest,
      handler: async ({ body, facts, cookies }) => {
        const pair = await auth.login(body, facts)
        // §7's answer carries the pair; a browser also keeps the refresh token in its cookie.
        keepRefreshToken(cookies, pair.refresh_token, auth.refreshTtlSeconds)
        return pair
      },
    }),
    publicRoute({
      method: 'POST',
      path: '/backend/auth/token/refresh',
      // §7's refresh_token in the body, or else the console's cookie.
      body: refreshRequest,
      handler: async ({ body, cookies }) => {
        const fromCookie = body.refresh_token === undefined
        const pair = await auth.refresh(body.refresh_token ?? refreshTokenCookie(cookies) ?? '')
        keepRefreshToken(cookies, pair.refresh_token, auth.refreshTtlSeconds)
        return fromCookie ? withoutRefreshToken(pair) : pair
      },
    }),
    signedInRoute({
      permission: can.anyone,
      method: 'GET',
      path: '/backend/auth/token/destroy',
      handler: async ({ principal, cookies }) => {
        await auth.logout(principal)
        forgetRefreshToken(cookies)
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
