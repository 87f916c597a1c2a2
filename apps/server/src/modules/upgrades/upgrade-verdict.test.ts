import { describe, expect, it } from 'vitest'
import { orderOfJob, retryJobId, waveJobId } from './upgrade-engine'
import { abortsAt, canarySize, releaseBudget } from './upgrade-options'
import {
  cameBackOnOldVersion,
  deviceProgress,
  orderResult,
  STATUS_GRACE_MS,
  verdictOf,
} from './upgrade-verdict'
import { compareVersions } from './upgrades.service'

const execution = (status: string, statusDetails: Record<string, string> = {}) => ({
  status,
  statusDetails,
  lastUpdatedAt: 0,
})

describe('the judge of an ended upgrade', () => {
  it('counts a success only when the device runs the target and says so', () => {
    expect(verdictOf(execution('SUCCEEDED', { firmware: '2.0' }), '2.0', '2.0')).toEqual({
      outcome: 'success',
      reason: null,
    })
    expect(verdictOf(execution('SUCCEEDED', { firmware: '2.0' }), '2.0', '1.0')).toEqual({
      outcome: 'failed',
      reason: 'old_version',
    })
    expect(verdictOf(execution('SUCCEEDED', {}), '2.0', '2.0').reason).toBe('old_version')
  })

  it('keeps each failure distinct: the device’s reasons, timeout, refusal, cancel and expiry', () => {
    expect(verdictOf(execution('FAILED', { reason: 'checksum_mismatch' }), '2', null).reason).toBe(
      'checksum_mismatch',
    )
    expect(verdictOf(execution('FAILED', { reason: 'download_failed' }), '2', null).reason).toBe(
      'download_failed',
    )
    expect(verdictOf(execution('FAILED', { reason: 'old_version' }), '2', null).reason).toBe('old_version')
    expect(verdictOf(execution('FAILED', { reason: 'fetch failed <script>' }), '2', null).reason).toBe(
      'failed',
    )
    expect(verdictOf(execution('TIMED_OUT'), '2', null).reason).toBe('timeout')
    expect(verdictOf(execution('REJECTED'), '2', null).reason).toBe('refused')
    expect(verdictOf(execution('CANCELED'), '2', null).reason).toBe('canceled')
    expect(verdictOf(execution('CANCELED'), '2', null, 'expiry').reason).toBe('expired')
  })
})

describe('the judge of a device back from flashing', () => {
  const rebooting = { status: 'IN_PROGRESS', statusDetails: { phase: 'rebooting' }, lastUpdatedAt: 1_000 }
  const back = (firmware: string | null, since: number) => ({
    status: 'online',
    firmware,
    statusChangedAt: new Date(since),
  })
  const updatedAt = rebooting.lastUpdatedAt * 1000

  it('fails a device back on the old version once its status had time to name the new one', () => {
    const since = updatedAt + 5_000
    expect(cameBackOnOldVersion(rebooting, back('1.0', since), '2.0', since + STATUS_GRACE_MS)).toBe(true)
    // Just back (its telemetry may have revived it before its status was filed): not yet.
    expect(cameBackOnOldVersion(rebooting, back('1.0', since), '2.0', since + 1_000)).toBe(false)
  })

  it('leaves alone a device on the target, not back since the update, offline, or not flashing', () => {
    const since = updatedAt + 5_000
    const later = since + STATUS_GRACE_MS
    expect(cameBackOnOldVersion(rebooting, back('2.0', since), '2.0', later)).toBe(false)
    expect(cameBackOnOldVersion(rebooting, back('1.0', updatedAt - 1), '2.0', later)).toBe(false)
    expect(cameBackOnOldVersion(rebooting, { ...back('1.0', since), status: 'offline' }, '2.0', later)).toBe(
      false,
    )
    const downloading = { ...rebooting, statusDetails: { phase: 'downloading' } }
    expect(cameBackOnOldVersion(downloading, back('1.0', since), '2.0', later)).toBe(false)
  })
})

describe('a device of an order as the detail shows it (§4)', () => {
  const unsent = { wave: null, outcome: null, reason: null }
  const sent = { wave: 1, outcome: null, reason: null }
  it('reads not sent, queued, each download phase, and the verdict', () => {
    expect(deviceProgress(unsent, undefined)).toMatchObject({
      upgrade_result: 'waiting',
      command_result: 'not_sent',
    })
    // Sent and not judged counts as upgrading, as the order's counts and the log count it.
    expect(deviceProgress(sent, execution('QUEUED'))).toMatchObject({
      upgrade_result: 'upgrading',
      command_result: 'sent',
    })
    expect(
      deviceProgress(sent, execution('IN_PROGRESS', { phase: 'downloading', progress: '40' })),
    ).toMatchObject({
      upgrade_result: 'upgrading',
      download: 'downloading',
      progress: 40,
    })
    expect(
      deviceProgress(sent, execution('IN_PROGRESS', { phase: 'downloading', attempt: '2', progress: '10' }))
        .download,
    ).toBe('redownload')
    expect(deviceProgress(sent, execution('IN_PROGRESS', { phase: 'flashing' })).download).toBe('downloaded')
    expect(deviceProgress(sent, execution('IN_PROGRESS', { phase: 'preparing' })).download).toBe('preparing')
    expect(
      deviceProgress(sent, execution('IN_PROGRESS', { phase: 'downloading', progress: 'lots' })).progress,
    ).toBe(null)
    expect(
      deviceProgress({ wave: 1, outcome: 'failed', reason: 'checksum_mismatch' }, undefined),
    ).toMatchObject({
      upgrade_result: 'failed',
      command_result: 'failed',
      download: 'failed',
    })
    expect(
      deviceProgress({ wave: null, outcome: 'failed', reason: 'expired' }, undefined).command_result,
    ).toBe('not_sent')
    expect(deviceProgress({ wave: 2, outcome: 'success', reason: null }, undefined)).toMatchObject({
      upgrade_result: 'success',
      command_result: 'successful',
    })
  })

  it('sums an order: waiting, upgrading, success, failed or partial; an ended one by what ran', () => {
    const counts = (waiting: number, upgrading: number, success: number, failed: number) => ({
      waiting,
      upgrading,
      success,
      failed,
    })
    expect(orderResult(counts(3, 0, 0, 0))).toBe('waiting')
    expect(orderResult(counts(1, 1, 1, 0))).toBe('upgrading')
    expect(orderResult(counts(1, 0, 1, 0))).toBe('upgrading')
    expect(orderResult(counts(0, 0, 3, 0))).toBe('success')
    expect(orderResult(counts(0, 0, 0, 3))).toBe('failed')
    expect(orderResult(counts(0, 0, 2, 1))).toBe('partial')
    expect(orderResult(counts(3, 0, 0, 1), false)).toBe('failed')
  })
})

describe('rollout options', () => {
  it('sizes the canary wave: N devices, or X % rounded up, at least one, at most all', () => {
    expect(canarySize({ waitOffline: false }, 10)).toBe(0)
    expect(canarySize({ waitOffline: false, canary: { devices: 3 } }, 10)).toBe(3)
    expect(canarySize({ waitOffline: false, canary: { devices: 30 } }, 10)).toBe(10)
    expect(canarySize({ waitOffline: false, canary: { percent: 12.5 } }, 10)).toBe(2)
    expect(canarySize({ waitOffline: false, canary: { percent: 0.001 } }, 10)).toBe(1)
  })

  it('aborts strictly above the failure percentage, once enough devices finished', () => {
    const options = { waitOffline: false, abort: { failurePercent: 50, minFinished: 4 } }
    expect(abortsAt(options, { success: 0, failed: 3 })).toBe(false)
    expect(abortsAt(options, { success: 2, failed: 2 })).toBe(false)
    expect(abortsAt(options, { success: 1, failed: 3 })).toBe(true)
    expect(abortsAt({ waitOffline: false }, { success: 0, failed: 9 })).toBe(false)
  })

  it('sends within the concurrency and the rate per minute, whichever is tighter', () => {
    expect(releaseBudget({ waitOffline: false }, { inFlight: 9, releasedLastMinute: 9 })).toBe(Infinity)
    expect(
      releaseBudget({ waitOffline: false, concurrency: 5 }, { inFlight: 3, releasedLastMinute: 0 }),
    ).toBe(2)
    expect(
      releaseBudget(
        { waitOffline: false, concurrency: 5, ratePerMinute: 10 },
        { inFlight: 0, releasedLastMinute: 9 },
      ),
    ).toBe(1)
    expect(
      releaseBudget({ waitOffline: false, concurrency: 2 }, { inFlight: 3, releasedLastMinute: 0 }),
    ).toBe(0)
  })

  it('keeps within the server’s ceiling on devices in flight, an order’s own concurrency or not', () => {
    const counts = { inFlight: 900, releasedLastMinute: 0 }
    expect(releaseBudget({ waitOffline: false }, counts, 1000)).toBe(100)
    expect(releaseBudget({ waitOffline: false, concurrency: 950 }, counts, 1000)).toBe(50)
    expect(releaseBudget({ waitOffline: false, concurrency: 5000 }, counts, 1000)).toBe(100)
    expect(releaseBudget({ waitOffline: false }, { inFlight: 1200, releasedLastMinute: 0 }, 1000)).toBe(0)
  })

  it('names jobs by order and wave, and reads the order back', () => {
    expect(orderOfJob(waveJobId(12, 3))).toBe(12)
    expect(orderOfJob(retryJobId(12, 4))).toBe(12)
    expect(orderOfJob('settings-12-3')).toBeUndefined()
    expect(compareVersions('2.10.0', '2.9.1')).toBe(1)
    expect(compareVersions('2.0', '2.0')).toBe(0)
    expect(compareVersions('1.9', '1.10')).toBe(-1)
  })
})
