import { describe, expect, it } from 'vitest'
import type { Window } from './traffic.repository'
import {
  bucketStarts,
  counterDelta,
  deviceBuckets,
  type HourSums,
  type Sample,
  sampleSums,
} from './traffic-series'

const T0 = Date.UTC(2026, 2, 1, 10, 0, 0)
const window: Window = {
  from: new Date(T0),
  to: new Date(T0 + 3600_000),
  bucketSeconds: 300,
  sampleSeconds: 300,
}

/** A sample `seconds` after T0 with its WAN rx counter (tx a tenth) and uptime. */
function sample(seconds: number, rx: number | null, uptime: number | null, clients = 4): Sample {
  return {
    at: T0 + seconds * 1000,
    clients,
    uptime,
    counters: {
      wan_rx: rx,
      wan_tx: rx === null ? null : rx / 10,
      radio2g_rx: null,
      radio2g_tx: null,
      radio5g_rx: null,
      radio5g_tx: null,
    },
  }
}

describe('counterDelta', () => {
  it('is the difference while the counter grows', () => {
    expect(counterDelta(1500, 1000, 600, 300)).toBe(500)
  })

  it('is the new value after a restart: the counter or the uptime went down', () => {
    expect(counterDelta(200, 1000, 60, 300)).toBe(200)
    // Counted past the old value since the restart: only the uptime tells.
    expect(counterDelta(5000, 1000, 60, 300)).toBe(5000)
  })

  it('is nothing without both values', () => {
    expect(counterDelta(null, 1000, 60, 30)).toBeNull()
    expect(counterDelta(1000, null, 60, 30)).toBeNull()
  })
})

describe('deviceBuckets', () => {
  it('gives every bucket of the window, bytes a second from counter differences, null where nothing was measured', () => {
    const points = deviceBuckets(
      [
        sample(-290, 1_000_000, 1000), // before the window: only the start of the first pair
        sample(10, 1_300_000, 1300, 6),
        sample(310, 1_900_000, 1600),
        sample(610, 60_000, 200), // restarted
        sample(2110, 400_000, 1700), // after a gap of 1,500 s
        sample(2410, 700_000, 2000),
      ],
      window,
    )
    expect(points).toHaveLength(12)
    const at = (seconds: number) => points.find((point) => point.at.getTime() === T0 + seconds * 1000)
    expect(at(0)).toMatchObject({ wan_rx: 1000, wan_tx: 100, radio5g_rx: null, clients: 6 })
    expect(at(300)).toMatchObject({ wan_rx: 2000 })
    expect(at(600)).toMatchObject({ wan_rx: 200 })
    expect(at(900)).toMatchObject({ wan_rx: null, clients: null })
    expect(at(2100)).toMatchObject({ wan_rx: null, clients: 4 })
    expect(at(2400)).toMatchObject({ wan_rx: 1000 })
  })

  it('averages a coarser bucket over the seconds measured, leaving out the gaps', () => {
    const hourly: Window = { ...window, bucketSeconds: 3600 }
    const points = deviceBuckets(
      [
        sample(0, 0, 100),
        sample(300, 300_000, 400),
        sample(600, 900_000, 700),
        sample(3000, 1_000_000, 3100),
      ],
      hourly,
    )
    expect(points).toHaveLength(1)
    // 900,000 B over 600 s; the last pair spans a gap and measures nothing.
    expect(points[0]).toMatchObject({ wan_rx: 1500, clients: 4 })
  })
})

describe('deviceBuckets with an hourly rollup', () => {
  const HOUR = 3600_000
  const day: Window = {
    from: new Date(T0),
    to: new Date(T0 + 24 * HOUR),
    bucketSeconds: 3600,
    sampleSeconds: 300,
  }
  // A day of samples 300 s apart (and a little): a restart, a counter without a value for a
  // while, a gap across an hour's end, a sample on an hour's first millisecond.
  const samples: Sample[] = []
  for (let i = -3, uptime = 5000, rx = 9_000_000; i < 288; i++) {
    if (i >= 100 && i < 104) continue // 1,500 s without a sample, from 08:20 on
    const restart = i === 150
    uptime = restart ? 40 : uptime + 300
    rx = restart ? 7_000 : rx + 1_000 * (i % 17)
    const point = sample(i * 300 + (i % 5), i % 40 >= 30 ? null : rx, uptime, i % 9)
    samples.push(i === 12 ? { ...point, at: T0 + HOUR, clients: 900 } : point)
  }

  it('gives the same chart from the hours before the rollup’s end and the samples after it', () => {
    const gapMs = 300 * 2.5 * 1000
    for (const hours of [0, 1, 5, 13, 23, 24]) {
      const until = T0 + hours * HOUR
      const filed = sampleSums(samples, { from: T0 - 2 * HOUR, to: until, bucketMs: HOUR, gapMs })
      const rollup = {
        hours: [...filed].map(([hour, sums]): HourSums => ({ hour, ...sums })),
        until,
      }
      const after = samples.filter((s) => s.at >= until - gapMs)
      expect(deviceBuckets(after, day, rollup)).toEqual(deviceBuckets(samples, day))
    }
  })

  it('counts a sample on a bucket’s first millisecond in that bucket, the window’s first too', () => {
    const first = deviceBuckets(samples, { ...day, from: new Date(T0 + HOUR) })[0]!
    const ownHour = samples.filter((s) => s.at >= T0 + HOUR && s.at < T0 + 2 * HOUR)
    expect(first.clients).toBe(Math.round(ownHour.reduce((sum, s) => sum + s.clients, 0) / ownHour.length))
  })
})

describe('bucketStarts', () => {
  it('cuts the window at multiples of the bucket since the epoch', () => {
    const starts = bucketStarts({ ...window, from: new Date(T0 + 60_000), to: new Date(T0 + 900_000) })
    expect(starts).toEqual([T0, T0 + 300_000, T0 + 600_000])
  })
})
