import { canOpenPath, findRouteTrail, HOME_PATH, LOGIN_PATH, type RouteViewer } from '@canopy/shared/routes'

/** The login page, asked to come back to `target` (path and query) afterwards. */
export function loginRedirect(target: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(target)}`
}

/**
 * Where to go after login: the `redirect` parameter when it is a path of this console,
 * otherwise home. Never another origin ('//evil.example', '/\\evil.example') and never login again.
 * With the user who logged in: home too when the way back is a section that user may not open
 * (another account logged out there), rather than the 404 page.
 */
export function afterLoginTarget(redirect: string | null | undefined, viewer?: RouteViewer): string {
  if (!redirect?.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) {
    return HOME_PATH
  }
  if (redirect === LOGIN_PATH || redirect.startsWith(`${LOGIN_PATH}?`)) return HOME_PATH
  const path = redirect.split(/[?#]/)[0] ?? redirect
  if (viewer && findRouteTrail(path) && !canOpenPath(path, viewer)) return HOME_PATH
  return redirect
}
