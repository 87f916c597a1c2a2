import { describe, expect, it } from 'vitest'
import { canCancel, deleteRefusal, deviceRetryRefusal, reasonKey, retryFailedRefusal } from './order-rules'

const device = (upgrade_result: 'waiting' | 'upgrading' | 'failed' | 'success', retries = 0) => ({
  upgrade_result,
  retries,
  max_retries: 3,
})

describe('order rules', () => {
  it('refuses deleting a scheduled or running order with the §4 message', () => {
    expect(deleteRefusal('scheduled')).toBe('errors.upgradeRecordBusy')
    expect(deleteRefusal('running')).toBe('errors.upgradeRecordBusy')
    for (const status of ['finished', 'canceled', 'aborted'] as const)
      expect(deleteRefusal(status)).toBeUndefined()
  })

  it('cancels only what still has something to start', () => {
    expect(canCancel('scheduled')).toBe(true)
    expect(canCancel('running')).toBe(true)
    expect(canCancel('finished')).toBe(false)
  })

  it('retries failed devices below the cap only', () => {
    expect(deviceRetryRefusal(device('failed', 2))).toBeUndefined()
    expect(deviceRetryRefusal(device('failed', 3))).toBe('errors.upgradeMaxRetries')
    expect(deviceRetryRefusal(device('success'))).toBe('maintain.detail.noFailedReason')
    expect(retryFailedRefusal({ failed: 2, retriable: 1 })).toBeUndefined()
    expect(retryFailedRefusal({ failed: 1, retriable: 0 })).toBe('errors.upgradeMaxRetries')
    expect(retryFailedRefusal({ failed: 0, retriable: 0 })).toBe('maintain.detail.noFailedReason')
  })

  it('says each failure reason, and an unknown one as it came', () => {
    expect(reasonKey('old_version')).toEqual({ key: 'maintain.detail.reasons.old_version' })
    expect(reasonKey('checksum_mismatch')).toEqual({ key: 'maintain.detail.reasons.checksum_mismatch' })
    expect(reasonKey('cosmic_ray')).toEqual({ key: 'maintain.detail.reasons.unknown', reason: 'cosmic_ray' })
  })
})
