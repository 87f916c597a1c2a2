import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type ChaosTarget, startChaos } from './chaos'
import { seededRandom } from './random'

const HOUR = 3_600_000

/** Devices that count what chaos did to them: reboots, power losses, and power coming back. */
function countingDevices(count: number) {
  return Array.from({ length: count }, () => {
    const counts = { reboots: 0, drops: 0, powerBack: 0 }
    const device: ChaosTarget = {
      reboot: async (downMs?: number) => {
        if (downMs === 0) counts.powerBack++
        else counts.reboots++
      },
      drop: () => {
        counts.drops++
      },
      log: { write: () => {} },
    }
    return { device, counts }
  })
}

function run(seed: number, hours: number, rates = { rebootsPerHour: 0.3, dropsPerHour: 0.2 }) {
  const fleet = countingDevices(1000)
  const stop = startChaos(
    fleet.map(({ device }) => device),
    rates,
    seededRandom(seed),
  )
  vi.advanceTimersByTime(hours * HOUR)
  stop()
  return fleet.map(({ counts }) => counts)
}

const total = (counts: Array<Record<string, number>>, key: string) =>
  counts.reduce((sum, count) => sum + (count[key] ?? 0), 0)

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('chaos: random reboots and power losses', () => {
  it('happen at the configured hourly rates', () => {
    const counts = run(42, 10)
    // 1,000 devices for 10 hours: 3,000 reboots and 2,000 drops expected (±10 %, over 5 sigma).
    expect(total(counts, 'reboots')).toBeGreaterThan(2700)
    expect(total(counts, 'reboots')).toBeLessThan(3300)
    expect(total(counts, 'drops')).toBeGreaterThan(1800)
    expect(total(counts, 'drops')).toBeLessThan(2200)
  })

  it('brings a device that lost power back within 30 s', () => {
    const fleet = countingDevices(1000)
    const stop = startChaos(
      fleet.map(({ device }) => device),
      { rebootsPerHour: 0, dropsPerHour: 0.5 },
      seededRandom(3),
    )
    vi.advanceTimersByTime(2 * HOUR)
    const dropped = total(
      fleet.map(({ counts }) => counts),
      'drops',
    )
    // Drops of the last half minute may still be down; none after 30 s more.
    vi.advanceTimersByTime(30_000 - 1)
    stop()
    expect(dropped).toBeGreaterThan(0)
    expect(
      total(
        fleet.map(({ counts }) => counts),
        'powerBack',
      ),
    ).toBe(dropped)
  })

  it('is the same for the same seed, and another for another', () => {
    expect(run(7, 3)).toEqual(run(7, 3))
    expect(run(7, 3)).not.toEqual(run(8, 3))
  })

  it('does nothing at zero rates', () => {
    const counts = run(1, 5, { rebootsPerHour: 0, dropsPerHour: 0 })
    expect(total(counts, 'reboots') + total(counts, 'drops')).toBe(0)
  })
})

describe('a reboot that fails', () => {
  it('is written in the device log', async () => {
    const lines: string[] = []
    const device: ChaosTarget = {
      reboot: () => Promise.reject(new Error('broker gone')),
      drop: () => {},
      log: { write: (facility, message) => lines.push(`${facility}: ${message}`) },
    }
    const stop = startChaos([device], { rebootsPerHour: 60, dropsPerHour: 0 }, () => 0)
    await vi.advanceTimersByTimeAsync(60_000)
    stop()
    expect(lines).toEqual(['kernel: reboot failed: broker gone'])
  })
})
