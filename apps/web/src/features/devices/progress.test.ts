import { ErrorCode } from '@canopy/shared/errors'
import { describe, expect, it } from 'vitest'
import { isSettled, reasonKey } from './progress'

const counts = (pending: number, applying: number, success: number, failed: number) => ({
  summary: { total: pending + applying + success + failed, pending, applying, success, failed },
})

describe('batch progress', () => {
  it('is settled only when every device succeeded or failed', () => {
    expect(isSettled(counts(0, 0, 0, 0))).toBe(true)
    expect(isSettled(counts(0, 0, 1, 1))).toBe(true)
    expect(isSettled(counts(0, 1, 1, 0))).toBe(false)
    // an offline device's change waits in its shadow: not settled yet
    expect(isSettled(counts(1, 0, 0, 0))).toBe(false)
  })

  it("translates a reason the server recorded as a code, and leaves the device's own words", () => {
    expect(reasonKey(String(ErrorCode.DEVICE_NOT_ANSWERING))).toBe('errors.deviceNotAnswering')
    expect(reasonKey(String(ErrorCode.DEVICE_OFFLINE))).toBe('errors.deviceOffline')
    expect(reasonKey('channel 165 is not allowed here')).toBeUndefined()
    expect(reasonKey('123')).toBeUndefined()
  })
})
