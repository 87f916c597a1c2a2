import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type ChaosTarget, drawUpgradeTrouble, parseUpgradeChaos, startChaos } from './chaos'
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

describe('upgrade chaos', () => {
  it('strikes each trouble at its share, none beyond them', () => {
    const random = seededRandom(3)
    const counts: Record<string, number> = {}
    for (let i = 0; i < 10_000; i++) {
      const trouble = drawUpgradeTrouble({ 'bad-checksum': 0.1, offline: 0.3 }, random) ?? 'none'
      counts[trouble] = (counts[trouble] ?? 0) + 1
    }
    expect(Object.keys(counts).sort()).toEqual(['bad-checksum', 'none', 'offline'])
    expect(counts['bad-checksum']! / 10_000).toBeCloseTo(0.1, 1)
    expect(counts.offline! / 10_000).toBeCloseTo(0.3, 1)
  })

  it('reads the CLI form, and refuses an unknown trouble or a share outside 0 to 1', () => {
    expect(parseUpgradeChaos('power-loss=0.05,offline=1')).toEqual({ 'power-loss': 0.05, offline: 1 })
    expect(parseUpgradeChaos('')).toEqual({})
    expect(() => parseUpgradeChaos('meteor=0.1')).toThrow(/meteor/)
    expect(() => parseUpgradeChaos('offline=2')).toThrow(/offline=2/)
    expect(() => parseUpgradeChaos('offline')).toThrow()
  })
})
