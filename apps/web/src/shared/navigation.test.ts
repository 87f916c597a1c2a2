import { describe, expect, it } from 'vitest'
import { afterLoginTarget, loginRedirect } from './navigation'

describe('afterLoginTarget', () => {
  it('returns a console path', () => {
    expect(afterLoginTarget('/user_info?tab=password')).toBe('/user_info?tab=password')
  })

  it('falls back to home for nothing, other origins and the login page', () => {
    expect(afterLoginTarget(null)).toBe('/home/main')
    expect(afterLoginTarget('https://evil.example')).toBe('/home/main')
    expect(afterLoginTarget('//evil.example')).toBe('/home/main')
    expect(afterLoginTarget('/\\evil.example')).toBe('/home/main')
    expect(afterLoginTarget('/login?redirect=%2Fhelp')).toBe('/home/main')
  })
})

describe('afterLoginTarget for the account that logged in', () => {
  const child = { is_primary: 0, level: 1, menus: ['home', 'project'] }

  it('goes home instead of to a section the account may not open', () => {
    expect(afterLoginTarget('/account/list?tab=roles', child)).toBe('/home/main')
    expect(afterLoginTarget('/account', child)).toBe('/home/main')
  })

  it('keeps a way back the account may take', () => {
    expect(afterLoginTarget('/project/manage', child)).toBe('/project/manage')
    expect(afterLoginTarget('/account/list?tab=roles', { is_primary: 1, level: 0 })).toBe(
      '/account/list?tab=roles',
    )
    // Not a frame path: the guard decides (public page or 404).
    expect(afterLoginTarget('/register', child)).toBe('/register')
  })
})

describe('loginRedirect', () => {
  it('carries the path and query, encoded', () => {
    expect(loginRedirect('/help?q=a&b=c')).toBe('/login?redirect=%2Fhelp%3Fq%3Da%26b%3Dc')
  })
})
