import { describe, expect, it } from 'vitest'
import type { Window } from './traffic.repository'
import { bucketStarts, counterDelta, deviceBuckets, type Sample } from './traffic-series'

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

describe('bucketStarts', () => {
  it('cuts the window at multiples of the bucket since the epoch', () => {
    const starts = bucketStarts({ ...window, from: new Date(T0 + 60_000), to: new Date(T0 + 900_000) })
    expect(starts).toEqual([T0, T0 + 300_000, T0 + 600_000])
  })
})
