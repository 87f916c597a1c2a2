import type { ConsoleRoute } from '@canopy/shared/routes'
import { describe, expect, it } from 'vitest'
import { decideNavigation, type GuardInput } from './guard'

const primary = { is_primary: 1, level: 2 }

function decide(overrides: Partial<GuardInput>) {
  return decideNavigation({ pathname: '/home/main', search: '', hasToken: true, user: primary, ...overrides })
}

describe('decideNavigation', () => {
  it('sends / and /home to /home/main', () => {
    expect(decide({ pathname: '/' })).toEqual({ kind: 'redirect', to: '/home/main' })
    expect(decide({ pathname: '/home' })).toEqual({ kind: 'redirect', to: '/home/main' })
    expect(decide({ pathname: '/home/', hasToken: false })).toEqual({ kind: 'redirect', to: '/home/main' })
  })

  it('opens a section at the first page the user may open, once the user is known', () => {
    const operator = { is_primary: 0, level: 1, menus: ['home', 'maintain'] }
    expect(decide({ pathname: '/maintain' })).toEqual({ kind: 'redirect', to: '/maintain/upgrade' })
    expect(decide({ pathname: '/maintain', user: operator })).toEqual({
      kind: 'redirect',
      to: '/maintain/log',
    })
    expect(decide({ pathname: '/maintain', user: undefined })).toEqual({ kind: 'loadUser' })
    expect(decide({ pathname: '/maintain/upgrade', user: operator })).toEqual({ kind: 'forbidden' })
  })

  it('with a token, visiting /login clears the session and proceeds', () => {
    expect(decide({ pathname: '/login' })).toEqual({ kind: 'proceed', clearSession: true })
    expect(decide({ pathname: '/login', hasToken: false, user: undefined })).toEqual({ kind: 'proceed' })
  })

  it('opens public paths without a token', () => {
    for (const pathname of [
      '/404',
      '/register',
      '/agreement',
      '/sendEmail',
      '/resetpassword',
      '/forgetpassword',
    ]) {
      expect(decide({ pathname, hasToken: false, user: undefined })).toEqual({ kind: 'proceed' })
    }
  })

  it('without a token, sends frame paths to login with the path and query as redirect', () => {
    expect(
      decide({ pathname: '/user_info', search: '?tab=password', hasToken: false, user: undefined }),
    ).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fuser_info%3Ftab%3Dpassword',
    })
  })

  it('with a token and no user info, loads the user first', () => {
    expect(decide({ pathname: '/help', user: undefined })).toEqual({ kind: 'loadUser' })
  })

  it('proceeds to frame paths the user may open', () => {
    expect(decide({ pathname: '/help' })).toEqual({ kind: 'proceed' })
    expect(decide({ pathname: '/user_info', user: { is_primary: 0, level: 1 } })).toEqual({ kind: 'proceed' })
  })

  it('sends unknown paths to /404, with or without a token', () => {
    expect(decide({ pathname: '/nowhere' })).toEqual({ kind: 'redirect', to: '/404' })
    expect(decide({ pathname: '/nowhere', hasToken: false, user: undefined })).toEqual({
      kind: 'redirect',
      to: '/404',
    })
    expect(decide({ pathname: '/home/other' })).toEqual({ kind: 'redirect', to: '/404' })
  })
})

describe('decideNavigation with flagged routes', () => {
  const routes: ConsoleRoute[] = [
    {
      path: '/account',
      title: 'menu.home',
      only_primary: true,
      children: [{ path: '/account/list', title: 'menu.home' }],
    },
    {
      path: '/maintain',
      title: 'menu.home',
      children: [
        { path: '/maintain/log', title: 'menu.home' },
        { path: '/maintain/upgrade', title: 'menu.home', only_admin: true },
      ],
    },
  ]
  const child = { is_primary: 0, level: 2 }
  const levelOne = { is_primary: 0, level: 1 }
  const at = (pathname: string, user: GuardInput['user']) =>
    decideNavigation({ pathname, search: '', hasToken: true, user }, routes)

  it('forbids primary-only pages to a child account (403, not 404)', () => {
    expect(at('/account/list', primary)).toEqual({ kind: 'proceed' })
    expect(at('/account/list', child)).toEqual({ kind: 'forbidden' })
  })

  it('forbids admin-only pages to a level-1 account, and only those', () => {
    expect(at('/maintain/upgrade', child)).toEqual({ kind: 'proceed' })
    expect(at('/maintain/upgrade', levelOne)).toEqual({ kind: 'forbidden' })
    expect(at('/maintain/log', levelOne)).toEqual({ kind: 'proceed' })
  })
})
