/**
 * The console's route table (spec §2), read by the navigation guard and the side menu alike.
 * A section appears here only once its capability is built: no empty pages.
 */

import { keepsAdminCapabilities, type MenuSection } from './permissions'

export type MenuIcon = 'home' | 'device' | 'project' | 'maintain' | 'auth' | 'account' | 'user' | 'help'

export interface ConsoleRoute {
  readonly path: string
  /** i18n key of the menu and page title */
  readonly title: string
  readonly icon?: MenuIcon
  /** kept out of the side menu, still reachable */
  readonly hidden?: boolean
  /** removed for child (non-primary) accounts */
  readonly only_primary?: boolean
  /** removed for accounts whose level is 1 */
  readonly only_admin?: boolean
  /** the console section (§6 menu permission) a child account's roles must grant */
  readonly menu?: MenuSection
  readonly children?: readonly ConsoleRoute[]
  /** the page also answers the paths below its own, which it reads itself (/help/<article>) */
  readonly subpaths?: boolean
}

/** Reachable without a token (§2 "Public routes"). */
export const PUBLIC_PATHS: readonly string[] = [
  '/login',
  '/404',
  '/register',
  '/agreement',
  '/sendEmail',
  '/resetpassword',
  '/forgetpassword',
  // remote management links (§2): the signed link is the credential, no login needed
  '/manager1',
  '/manager2',
  // §2: announcements are public
  '/announcement',
  '/announcement_list',
]

export const HOME_PATH = '/home/main'
export const LOGIN_PATH = '/login'
export const NOT_FOUND_PATH = '/404'

/** Routes inside the main frame (top bar plus side menu). */
export const FRAME_ROUTES: readonly ConsoleRoute[] = [
  {
    path: '/home',
    title: 'menu.home',
    icon: 'home',
    menu: 'home',
    children: [{ path: '/home/main', title: 'menu.homeMain' }],
  },
  {
    path: '/device',
    title: 'menu.device',
    icon: 'device',
    menu: 'device',
    children: [
      { path: '/device/management', title: 'menu.deviceManagement' },
      // The tenant's alarms (issue 15; docs/decisions.md: §2's menu names no place for them).
      { path: '/device/alarm', title: 'menu.deviceAlarm' },
      // A device's detail tabs, reached from the list (?id=…&tab=…): not a menu entry.
      { path: '/device/detail', title: 'menu.deviceDetail', hidden: true, menu: 'device' },
    ],
  },
  {
    path: '/project',
    title: 'menu.project',
    icon: 'project',
    menu: 'project',
    children: [{ path: '/project/manage', title: 'menu.projectManage' }],
  },
  {
    path: '/maintain',
    title: 'menu.maintain',
    icon: 'maintain',
    menu: 'maintain',
    children: [
      // §2/§6: firmware packages and upgrade orders are admin-only (level 1 loses them)
      { path: '/maintain/upgrade', title: 'menu.maintainUpgrade', only_admin: true },
      { path: '/maintain/log', title: 'menu.maintainLog' },
      { path: '/maintain/backup', title: 'menu.maintainBackup' },
      // §2/§6: template management is admin-only (level 1 loses it)
      { path: '/maintain/tpl', title: 'menu.maintainTpl', only_admin: true },
    ],
  },
  {
    path: '/auth',
    title: 'menu.auth',
    icon: 'auth',
    menu: 'auth',
    children: [
      // §2: the portal's settings are the primary account's; details are for every permitted account
      { path: '/auth/portal', title: 'menu.authPortal', only_primary: true },
      { path: '/auth/strategy', title: 'menu.authStrategy', only_primary: true },
      { path: '/auth/method', title: 'menu.authMethod', only_primary: true },
      { path: '/auth/detail', title: 'menu.authDetail' },
    ],
  },
  {
    path: '/account',
    title: 'menu.account',
    icon: 'account',
    only_primary: true,
    children: [{ path: '/account/list', title: 'menu.accountList' }],
  },
  { path: '/user_info', title: 'menu.userInfo', icon: 'user', hidden: true },
  { path: '/msg', title: 'menu.msg', hidden: true },
  // /help/<article>: an article of the help center has its own address, so pages can link to it
  { path: '/help', title: 'menu.help', icon: 'help', hidden: true, subpaths: true },
]

/** What the guard knows of the signed-in user (from the current-user call). */
export interface RouteViewer {
  readonly is_primary: number
  readonly level: number
  /** the sections a child account's roles grant; a primary account sees every section */
  readonly menus?: readonly string[]
}

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(pathname)
}

/**
 * §2 guard and §6: primary-only entries are removed for child accounts, admin-only entries at
 * level 1, and a child sees a section only when one of its roles grants it.
 */
export function canSeeRoute(route: ConsoleRoute, viewer: RouteViewer): boolean {
  if (route.only_primary && viewer.is_primary !== 1) return false
  if (route.only_admin && !keepsAdminCapabilities(viewer.level)) return false
  if (route.menu && viewer.is_primary !== 1 && !viewer.menus?.includes(route.menu)) return false
  return true
}

/**
 * The side menu: visible, permitted entries, with their permitted children; a section none of
 * whose pages is permitted is left out (a child granted /auth sees no primary-only page of it).
 */
export function menuFor(viewer: RouteViewer, routes: readonly ConsoleRoute[] = FRAME_ROUTES): ConsoleRoute[] {
  return routes
    .filter((route) => !route.hidden && canSeeRoute(route, viewer))
    .map((route) => (route.children ? { ...route, children: menuFor(viewer, route.children) } : route))
    .filter((route) => !route.children || route.children.length > 0)
}

/** '/help/alarms' is one segment below '/help'; '/help/a/b' is not (the router has no such page). */
function isOneSegmentBelow(pathname: string, parent: string): boolean {
  return pathname.startsWith(`${parent}/`) && /^[^/]+$/.test(pathname.slice(parent.length + 1))
}

/** The frame route a path belongs to, with its ancestors (outermost first), or undefined. */
export function findRouteTrail(
  pathname: string,
  routes: readonly ConsoleRoute[] = FRAME_ROUTES,
): ConsoleRoute[] | undefined {
  for (const route of routes) {
    if (route.path === pathname) return [route]
    if (route.subpaths && isOneSegmentBelow(pathname, route.path)) return [route]
    if (route.children && pathname.startsWith(`${route.path}/`)) {
      const inner = findRouteTrail(pathname, route.children)
      if (inner) return [route, ...inner]
    }
  }
  return undefined
}

/** Whether the viewer may open a frame path: every route on its trail must be permitted. */
export function canOpenPath(
  pathname: string,
  viewer: RouteViewer,
  routes: readonly ConsoleRoute[] = FRAME_ROUTES,
): boolean {
  const trail = findRouteTrail(pathname, routes)
  return trail?.every((route) => canSeeRoute(route, viewer)) ?? false
}
