import { beforeEach, describe, expect, it } from 'vitest'
import { createSessionStore } from './session'

const tokens = {
  accessToken: 'a',
  expiresIn: 7200,
  obtainedAt: 1000,
  apiDomain: 'http://x/api/',
}

beforeEach(() => {
  window.sessionStorage.clear()
})

describe('session store (§3)', () => {
  it('keeps the tokens with their lifetime, time and API domain, in memory only', () => {
    const store = createSessionStore(window.sessionStorage)
    store.saveTokens(tokens)
    expect(store.readTokens()).toEqual(tokens)
    // nothing a script could read from storage; another store (another tab) has no token
    expect(window.sessionStorage.length).toBe(0)
    expect(window.localStorage.length).toBe(0)
    expect(createSessionStore(window.sessionStorage).readTokens()).toBeUndefined()
  })

  it('visiting /login drops the tokens and the route item only', () => {
    const store = createSessionStore(window.sessionStorage)
    store.saveTokens(tokens)
    store.saveRouteItem(['/home', '/home/main'])
    store.savePath('/help')
    store.saveHint(1)
    store.clearTokens()
    expect(store.readTokens()).toBeUndefined()
    expect(store.readRouteItem()).toBeUndefined()
    expect(store.readPath()).toBe('/help')
    expect(store.readHint()).toBe(1)
  })

  it('logout drops everything, the hint flag included', () => {
    const store = createSessionStore(window.sessionStorage)
    store.saveTokens(tokens)
    store.savePath('/help')
    store.saveHint(2)
    store.clearAll()
    expect(window.sessionStorage.length).toBe(0)
  })

  it('reads a damaged route item as none', () => {
    window.sessionStorage.setItem('canopy.routeItem', '{not json')
    expect(createSessionStore(window.sessionStorage).readRouteItem()).toBeUndefined()
  })
})
