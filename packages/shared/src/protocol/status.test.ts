import { describe, expect, it } from 'vitest'
import { readStatus } from './status'

const credential = 'scrypt$16384$8$1$c2FsdA==$aGFzaA=='

describe('readStatus', () => {
  it('takes a valid status whole', () => {
    expect(readStatus({ state: 'online', region: 'CN', telemetryInterval: 30, credential })).toEqual({
      status: { state: 'online', region: 'CN', telemetryInterval: 30, credential },
      refused: [],
    })
  })

  it('leaves out only the fields that break their rule, and names them', () => {
    const reading = readStatus({
      state: 'online',
      region: 'cn',
      telemetryInterval: 0,
      credential,
      firmware: '1.0',
    })
    expect(reading).toEqual({
      status: { state: 'online', credential, firmware: '1.0' },
      refused: ['region', 'telemetryInterval'],
    })
  })

  it('refuses a status without a valid state', () => {
    expect(readStatus({ state: 'sleeping', credential })).toBeUndefined()
    expect(readStatus({ credential })).toBeUndefined()
    expect(readStatus(['online'])).toBeUndefined()
    expect(readStatus('online')).toBeUndefined()
  })

  it('refuses the whole status when anything in it cannot be stored', () => {
    expect(readStatus({ state: 'online', credential, note: 'a\u0000b' })).toBeUndefined()
    expect(readStatus({ state: 'online', region: '\ud800' })).toBeUndefined()
  })
})
