import { ErrorCode } from '@canopy/shared/errors'
import { describe, expect, it } from 'vitest'
import { isSettled, reasonKey, summarize } from './progress'

const target = (status: 'pending' | 'applying' | 'success' | 'failed') => ({ status })

describe('batch progress', () => {
  it('counts each device once by its outcome', () => {
    expect(summarize([target('success'), target('failed'), target('applying'), target('pending')])).toEqual({
      total: 4,
      succeeded: 1,
      failed: 1,
      waiting: 1,
      settled: 2,
    })
  })

  it('is settled only when every device succeeded or failed', () => {
    expect(isSettled({ targets: [] })).toBe(true)
    expect(isSettled({ targets: [target('success'), target('failed')] })).toBe(true)
    expect(isSettled({ targets: [target('success'), target('applying')] })).toBe(false)
    // an offline device's change waits in its shadow: not settled yet
    expect(isSettled({ targets: [target('pending')] })).toBe(false)
  })

  it("translates a reason the server recorded as a code, and leaves the device's own words", () => {
    expect(reasonKey(String(ErrorCode.DEVICE_NOT_ANSWERING))).toBe('errors.deviceNotAnswering')
    expect(reasonKey(String(ErrorCode.DEVICE_OFFLINE))).toBe('errors.deviceOffline')
    expect(reasonKey('channel 165 is not allowed here')).toBeUndefined()
    expect(reasonKey('123')).toBeUndefined()
  })
})
