import type { RouteCookies } from '../../http/route-cookies'
import type { TokenPair } from './auth.service'

/**
 * The console's refresh token lives in this cookie, not in the page (docs/decisions.md "One
 * session in every tab"): HttpOnly, so no script — nor an injected one — reads it; sent with the
 * refresh call only; shared by every tab of the browser, which take turns refreshing.
 */
export const REFRESH_COOKIE = 'canopy_refresh'
/** Below the API root: the one call the cookie travels with. */
const REFRESH_COOKIE_PATH = '/backend/auth/token/refresh'

export function keepRefreshToken(cookies: RouteCookies, refreshToken: string, maxAgeSeconds: number): void {
  cookies.set(REFRESH_COOKIE, refreshToken, { path: REFRESH_COOKIE_PATH, maxAgeSeconds })
}

export function forgetRefreshToken(cookies: RouteCookies): void {
  cookies.clear(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH })
}

export function refreshTokenCookie(cookies: RouteCookies): string | undefined {
  return cookies.read(REFRESH_COOKIE)
}

/** A pair refreshed through the cookie is answered without its refresh token: it stays in the cookie. */
export function withoutRefreshToken(pair: TokenPair): Omit<TokenPair, 'refresh_token'> {
  const { refresh_token: _kept, ...rest } = pair
  return rest
}
