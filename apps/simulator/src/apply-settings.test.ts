import type { JsonObject } from '@canopy/shared/protocol'
import { reportedSecretHash } from '@canopy/shared/protocol/credential'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FAILURE_REASONS, settleDelta } from './apply-settings'
import { DeviceLog } from './device-log'
import { seededRandom } from './random'

afterEach(() => {
  vi.useRealTimers()
})

describe('applying a shadow delta', () => {
  it('reports the delta only once the apply delay has passed', async () => {
    vi.useFakeTimers()
    const log = new DeviceLog('T-0001')
    let settled = false
    const outcome = settleDelta({ system: { led: false } }, 4, {
      applyDelayMs: [2000, 3000],
      failureRate: 0,
      random: seededRandom(5),
      log,
    }).finally(() => {
      settled = true
    })
    await vi.advanceTimersByTimeAsync(1999)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1001)
    expect(settled).toBe(true)
    expect(await outcome).toEqual({ applied: true, reported: { system: { led: false }, failure: null } })
    expect(log.last(1)[0]).toContain('applied system')
  })

  it('reports a WiFi password as its hash, never in clear', async () => {
    const { reported } = await settleDelta(
      { wifi: { '2g': { ssid: 'Lobby', password: 's3cret-pass' } } },
      2,
      {
        applyDelayMs: [0, 0],
        failureRate: 0,
        random: seededRandom(1),
        log: new DeviceLog('T-0002'),
      },
    )
    expect(reported.wifi).toEqual({
      '2g': { ssid: 'Lobby', passwordHash: reportedSecretHash('s3cret-pass') },
    })
  })

  it('refuses deltas at the configured rate, each section with a reason and the delta version', async () => {
    const random = seededRandom(11)
    const log = new DeviceLog('T-0003')
    const outcomes = await Promise.all(
      Array.from({ length: 2000 }, (_, version) =>
        settleDelta({ wifi: { '2g': { channel: 6 } }, system: { led: true } }, version, {
          applyDelayMs: [0, 0],
          failureRate: 0.2,
          random,
          log,
        }).then((outcome) => ({ ...outcome, version })),
      ),
    )
    const failed = outcomes.filter((outcome) => !outcome.applied)
    // 400 expected; ±70 is about four standard deviations.
    expect(failed.length).toBeGreaterThan(330)
    expect(failed.length).toBeLessThan(470)
    for (const { reported, version } of failed) {
      const failure = reported.failure as JsonObject
      expect(failure.version).toBe(version)
      expect(typeof failure.at).toBe('number')
      expect(FAILURE_REASONS).toContain(failure.wifi)
      expect(failure.system).toBe(failure.wifi)
      expect(reported.wifi).toBeUndefined()
    }
    for (const { reported } of outcomes.filter((outcome) => outcome.applied))
      expect(reported).toEqual({ wifi: { '2g': { channel: 6 } }, system: { led: true }, failure: null })
  })

  it('never refuses at a zero rate, and always at a rate of one', async () => {
    const options = { applyDelayMs: [0, 0] as const, random: seededRandom(2), log: new DeviceLog('T-0004') }
    const delta = { system: { led: false } }
    const never = await Promise.all(
      Array.from({ length: 50 }, () => settleDelta(delta, 1, { ...options, failureRate: 0 })),
    )
    const always = await Promise.all(
      Array.from({ length: 50 }, () => settleDelta(delta, 1, { ...options, failureRate: 1 })),
    )
    expect(never.every((outcome) => outcome.applied)).toBe(true)
    expect(always.every((outcome) => !outcome.applied)).toBe(true)
  })
})
