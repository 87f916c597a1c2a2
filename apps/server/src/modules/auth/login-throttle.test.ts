import { describe, expect, it } from 'vitest'
import { addressKey, LoginThrottle } from './login-throttle'

describe('addressKey', () => {
  it('counts an IPv4 address as itself, mapped or not', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7')
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7')
  })

  it('counts every address of an IPv6 /64 as one, however it is written', () => {
    const key = addressKey('2001:db8:aa:1::1')
    expect(key).toBe('2001:db8:aa:1::/64')
    expect(addressKey('2001:0db8:00aa:0001:ffff:1:2:3')).toBe(key)
    expect(addressKey('2001:DB8:AA:1:0:0:0:9')).toBe(key)
    expect(addressKey('2001:db8:aa:2::1')).not.toBe(key)
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
  })
})

describe('LoginThrottle', () => {
  const settings = { perAddress: 3, perAccountAddress: 2, perAccount: 4, windowSeconds: 60 }

  it('names the limit an attempt is over, checking without counting', async () => {
    const throttle = new LoginThrottle(settings)
    const attempt = { ip: '2001:db8::1', login: 'name:owner' }
    for (let i = 0; i < 5; i++) expect(await throttle.refusal(attempt)).toBeUndefined()
    await throttle.failed(attempt)
    // Another address of the same /64 shares its counters.
    await throttle.failed({ ...attempt, ip: '2001:db8::2' })
    expect(await throttle.refusal(attempt)).toBe('account-address')
    expect(await throttle.refusal({ ip: '2001:db8::3', login: 'name:other' })).toBeUndefined()
    await throttle.failed({ ip: '2001:db8::3', login: 'name:other' })
    expect(await throttle.refusal({ ip: '2001:db8::4', login: 'name:third' })).toBe('address')
    await throttle.failed({ ip: '192.0.2.1', login: 'name:owner' })
    await throttle.failed({ ip: '192.0.2.2', login: 'name:owner' })
    expect(await throttle.refusal({ ip: '192.0.2.3', login: 'name:owner' })).toBe('account')
  })

  it('starts the account-and-address count again on a success, not the others', async () => {
    const throttle = new LoginThrottle(settings)
    const attempt = { ip: '192.0.2.9', login: 'name:owner' }
    await throttle.failed(attempt)
    await throttle.failed(attempt)
    expect(await throttle.refusal(attempt)).toBe('account-address')
    await throttle.succeeded(attempt)
    expect(await throttle.refusal(attempt)).toBeUndefined()
    await throttle.failed(attempt)
    expect(await throttle.refusal({ ip: '192.0.2.9', login: 'name:x' })).toBe('address')
  })
})
