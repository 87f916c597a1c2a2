import { afterEach, describe, expect, it, vi } from 'vitest'
import { type Principal, PrincipalCache } from './principal'

const principal = (sessionId: string, accountId: number) =>
  ({ sessionId, account: { id: accountId } }) as Principal

describe('PrincipalCache', () => {
  afterEach(() => vi.useRealTimers())

  it('forgets a session, or every session of an account', () => {
    const cache = new PrincipalCache()
    cache.set(principal('s1', 1), cache.startLoad())
    cache.set(principal('s2', 1), cache.startLoad())
    cache.set(principal('s3', 2), cache.startLoad())
    cache.forgetSession('s3')
    expect(cache.get('s3')).toBeUndefined()
    cache.forgetAccount(1)
    expect([cache.get('s1'), cache.get('s2')]).toEqual([undefined, undefined])
  })

  it('lets entries expire', () => {
    vi.useFakeTimers()
    const cache = new PrincipalCache(1000)
    cache.set(principal('s1', 1), cache.startLoad())
    vi.advanceTimersByTime(999)
    expect(cache.get('s1')).toBeDefined()
    vi.advanceTimersByTime(2)
    expect(cache.get('s1')).toBeUndefined()
  })

  it('drops the oldest entry when full', () => {
    const cache = new PrincipalCache(60_000, 2)
    cache.set(principal('s1', 1), cache.startLoad())
    cache.set(principal('s2', 2), cache.startLoad())
    cache.set(principal('s3', 3), cache.startLoad())
    expect(cache.get('s1')).toBeUndefined()
    expect(cache.get('s3')).toBeDefined()
  })

  it('does not keep a load that a change overtook', () => {
    const cache = new PrincipalCache()
    const before = cache.startLoad()
    cache.forgetAccount(1) // the account changed while the load was reading it
    cache.set(principal('s1', 1), before)
    expect(cache.get('s1')).toBeUndefined()
    cache.set(principal('s1', 1), cache.startLoad())
    expect(cache.get('s1')).toBeDefined()
  })
})
