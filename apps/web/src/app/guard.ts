import {
  type ConsoleRoute,
  canOpenPath,
  canSeeRoute,
  FRAME_ROUTES,
  findRouteTrail,
  HOME_PATH,
  isPublicPath,
  LOGIN_PATH,
  NOT_FOUND_PATH,
  type RouteViewer,
} from '@canopy/shared/routes'
import { loginRedirect } from '../shared/navigation'

export interface GuardInput {
  readonly pathname: string
  /** the query string, with its '?' (or '') */
  readonly search: string
  readonly hasToken: boolean
  /** the current user, once loaded */
  readonly user: RouteViewer | undefined
}

export type GuardDecision =
  | { readonly kind: 'proceed'; readonly clearSession?: boolean }
  | { readonly kind: 'redirect'; readonly to: string }
  | { readonly kind: 'loadUser' }
  /** a frame page the user's role lacks: the frame stays, its page says "no permission" (403) */
  | { readonly kind: 'forbidden' }

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
}

/**
 * The navigation guard of spec §2, as a pure decision (the route loader carries it out):
 * - with a token, visiting /login clears the stored route item and token and proceeds;
 * - public paths (and /forgetpassword) are open to everyone;
 * - '/' and a section's own path open its first page (/home → /home/main);
 * - an unknown path goes to /404;
 * - without a token, any other path goes to /login?redirect=<path and query>;
 * - with a token but no user info yet, the user info is loaded first;
 * - a frame path the user may not open (only_primary, only_admin, a section its roles lack) is
 *   forbidden: shown as 403 inside the frame, not as "page not found" (it exists).
 */
export function decideNavigation(
  input: GuardInput,
  routes: readonly ConsoleRoute[] = FRAME_ROUTES,
): GuardDecision {
  const pathname = normalise(input.pathname)
  if (pathname === '/') return { kind: 'redirect', to: HOME_PATH }
  if (pathname === LOGIN_PATH)
    return input.hasToken ? { kind: 'proceed', clearSession: true } : { kind: 'proceed' }
  if (isPublicPath(pathname)) return { kind: 'proceed' }
  const trail = findRouteTrail(pathname, routes)
  if (!trail) return { kind: 'redirect', to: NOT_FOUND_PATH }
  // A section (/home) is not a page: open its first page (/home/main), the first the user may
  // open once known (level 1 skips /maintain/upgrade for /maintain/log).
  const children = trail.at(-1)?.children
  if (children?.[0]) {
    const user = input.user
    // Which page opens depends on who asks: know the user first.
    if (input.hasToken && !user) return { kind: 'loadUser' }
    const open = user ? children.find((child) => canSeeRoute(child, user)) : undefined
    return { kind: 'redirect', to: (open ?? children[0]).path }
  }
  if (!input.hasToken) return { kind: 'redirect', to: loginRedirect(`${pathname}${input.search}`) }
  if (!input.user) return { kind: 'loadUser' }
  return canOpenPath(pathname, input.user, routes) ? { kind: 'proceed' } : { kind: 'forbidden' }
}
