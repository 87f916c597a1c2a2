import { describe, expect, it } from 'vitest'
import {
  type ConsoleRoute,
  canOpenPath,
  canSeeRoute,
  FRAME_ROUTES,
  findRouteTrail,
  isPublicPath,
  menuFor,
} from './routes'

const primary = { is_primary: 1, level: 0 }
const childLevel1 = { is_primary: 0, level: 1, menus: ['home'] }
const childLevel2 = { is_primary: 0, level: 2, menus: ['home'] }

const table: ConsoleRoute[] = [
  { path: '/home', title: 'menu.home', children: [{ path: '/home/main', title: 'menu.homeMain' }] },
  {
    path: '/maintain',
    title: 'm',
    children: [
      { path: '/maintain/upgrade', title: 'u', only_admin: true },
      { path: '/maintain/log', title: 'l' },
    ],
  },
  { path: '/account', title: 'a', only_primary: true, children: [{ path: '/account/list', title: 'al' }] },
  { path: '/user_info', title: 'ui', hidden: true },
]

describe('the route flags (§2, §6)', () => {
  it('removes primary-only entries for child accounts', () => {
    expect(menuFor(primary, table).map((route) => route.path)).toEqual(['/home', '/maintain', '/account'])
    expect(menuFor(childLevel2, table).map((route) => route.path)).toEqual(['/home', '/maintain'])
  })

  it('removes admin-only entries at level 1 only', () => {
    const children = (viewer: typeof primary) =>
      menuFor(viewer, table)
        .find((route) => route.path === '/maintain')
        ?.children?.map((route) => route.path)
    expect(children(childLevel1)).toEqual(['/maintain/log'])
    expect(children(childLevel2)).toEqual(['/maintain/upgrade', '/maintain/log'])
    expect(children(primary)).toEqual(['/maintain/upgrade', '/maintain/log'])
  })

  it('keeps hidden entries out of the menu but reachable', () => {
    expect(menuFor(primary, table).some((route) => route.path === '/user_info')).toBe(false)
    expect(canOpenPath('/user_info', childLevel1)).toBe(true)
  })

  it('checks every route on the trail of a path', () => {
    expect(findRouteTrail('/account/list', table)?.map((route) => route.path)).toEqual([
      '/account',
      '/account/list',
    ])
    expect(canSeeRoute(table[2]!, childLevel2)).toBe(false)
  })

  it('opens only frame paths the viewer may see', () => {
    expect(canOpenPath('/home/main', childLevel1)).toBe(true)
    expect(canOpenPath('/nowhere', primary)).toBe(false)
  })

  it('shows a child only the sections its roles grant', () => {
    const sections: ConsoleRoute[] = [
      { path: '/project', title: 'p', menu: 'project', children: [{ path: '/project/manage', title: 'pm' }] },
      { path: '/device', title: 'd', menu: 'device' },
      { path: '/help', title: 'h' },
    ]
    const child = { is_primary: 0, level: 2, menus: ['home', 'project'] }
    expect(menuFor(child, sections).map((route) => route.path)).toEqual(['/project', '/help'])
    expect(canOpenPath('/project/manage', child, sections)).toBe(true)
    expect(canOpenPath('/device', child, sections)).toBe(false)
    expect(menuFor(primary, sections)).toHaveLength(3)
  })

  it('grants device and project management through roles, and account management to the primary alone', () => {
    const paths = (viewer: { is_primary: number; level: number; menus?: string[] }) =>
      menuFor(viewer, FRAME_ROUTES).map((route) => route.path)
    expect(paths(primary)).toEqual(['/home', '/device', '/project', '/maintain', '/auth', '/account'])
    expect(paths({ is_primary: 0, level: 2, menus: ['home', 'project'] })).toEqual(['/home', '/project'])
    expect(paths({ is_primary: 0, level: 1, menus: ['home', 'device'] })).toEqual(['/home', '/device'])
    expect(canOpenPath('/device/management', { is_primary: 0, level: 1, menus: ['home', 'device'] })).toBe(
      true,
    )
    expect(canOpenPath('/device/management', { is_primary: 0, level: 1, menus: ['home', 'project'] })).toBe(
      false,
    )
    expect(paths({ is_primary: 0, level: 2, menus: ['home'] })).toEqual(['/home'])
    expect(canOpenPath('/account/list', { is_primary: 0, level: 2, menus: ['home', 'project'] })).toBe(false)
    expect(canOpenPath('/project/manage', { is_primary: 0, level: 1, menus: ['home', 'project'] })).toBe(true)
  })

  it('keeps upgrade and template management from level 1 and gives the log to every account granted maintenance', () => {
    const operator = { is_primary: 0, level: 1, menus: ['home', 'maintain'] }
    const administrator = { is_primary: 0, level: 2, menus: ['home', 'maintain'] }
    const children = (viewer: typeof operator) =>
      menuFor(viewer, FRAME_ROUTES)
        .find((route) => route.path === '/maintain')
        ?.children?.map((route) => route.path)
    expect(children(operator)).toEqual(['/maintain/log', '/maintain/backup'])
    expect(children(administrator)).toEqual([
      '/maintain/upgrade',
      '/maintain/log',
      '/maintain/backup',
      '/maintain/tpl',
    ])
    expect(canOpenPath('/maintain/upgrade', operator)).toBe(false)
    expect(canOpenPath('/maintain/upgrade', administrator)).toBe(true)
    expect(canOpenPath('/maintain/tpl', operator)).toBe(false)
    expect(canOpenPath('/maintain/tpl', administrator)).toBe(true)
    expect(canOpenPath('/maintain/log', { is_primary: 0, level: 2, menus: ['home'] })).toBe(false)
  })

  it('keeps the portal settings (/auth/strategy) for the primary account, even from a child granted /auth', () => {
    const child = { is_primary: 0, level: 2, menus: ['home', 'auth'] }
    expect(canOpenPath('/auth/strategy', primary)).toBe(true)
    expect(canOpenPath('/auth/strategy', child)).toBe(false)
    expect(canOpenPath('/auth/method', primary)).toBe(true)
    expect(canOpenPath('/auth/method', child)).toBe(false)
    // the authentication details are every permitted account's: the section shows them alone
    expect(canOpenPath('/auth/detail', child)).toBe(true)
    expect(
      menuFor(child, FRAME_ROUTES)
        .find((route) => route.path === '/auth')
        ?.children?.map((r) => r.path),
    ).toEqual(['/auth/detail'])
  })

  it('lets a page with subpaths answer one segment below it (/help/<article>)', () => {
    expect(findRouteTrail('/help/alarms')?.map((route) => route.path)).toEqual(['/help'])
    expect(canOpenPath('/help/alarms', childLevel1)).toBe(true)
    expect(findRouteTrail('/help/alarms/more')).toBeUndefined()
    expect(findRouteTrail('/msg/alarms')).toBeUndefined()
  })

  it('knows the public paths', () => {
    for (const path of ['/login', '/register', '/forgetpassword', '/resetpassword', '/404']) {
      expect(isPublicPath(path)).toBe(true)
    }
    expect(isPublicPath('/home/main')).toBe(false)
  })
})
