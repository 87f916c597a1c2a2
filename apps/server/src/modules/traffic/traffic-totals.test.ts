import { describe, expect, it } from 'vitest'
import type { TotalParts, Window } from './traffic.repository'
import { totalPoints } from './traffic-totals'

const T0 = Date.UTC(2026, 2, 1, 10, 0, 0)
const MIN = 60_000
const hourly: Window = {
  from: new Date(T0),
  to: new Date(T0 + 3 * 60 * MIN),
  bucketSeconds: 3600,
  sampleSeconds: 300,
}

describe('totalPoints', () => {
  it('counts each filed interval in the bucket it starts in, over the seconds of the intervals filed', () => {
    const parts: TotalParts = {
      // (T0 - 5 min, T0] starts in the hour before the window; (T0 + 55 min, T0 + 60 min] in the first.
      intervals: [
        { end: T0, rx: 999_999, tx: 0 },
        { end: T0 + 5 * MIN, rx: 300_000, tx: 30_000 },
        { end: T0 + 60 * MIN, rx: 600_000, tx: 60_000 },
        { end: T0 + 65 * MIN, rx: 3_000, tx: 300 },
      ],
      clients: [
        { at: T0, clients: 10 },
        { at: T0 + 5 * MIN, clients: 20 },
        { at: T0 + 60 * MIN, clients: 7 },
      ],
      devices: [],
    }
    const [first, second, third] = totalPoints(parts, hourly)
    // 900,000 B over two intervals of 300 s.
    expect(first).toEqual({ at: new Date(T0), rx: 1500, tx: 150, clients: 15 })
    expect(second).toEqual({ at: new Date(T0 + 60 * MIN), rx: 10, tx: 1, clients: 7 })
    expect(third).toEqual({ at: new Date(T0 + 120 * MIN), rx: null, tx: null, clients: null })
  })

  it('adds the devices granted one by one, whose counters may have measured nothing', () => {
    const parts: TotalParts = {
      intervals: [{ end: T0 + 5 * MIN, rx: 300_000, tx: 30_000 }],
      clients: [{ at: T0, clients: 10 }],
      devices: [
        { bucket: T0, rx: 250.4, tx: null, clients: 3 },
        { bucket: T0 + 60 * MIN, rx: null, tx: null, clients: 2 },
      ],
    }
    const [first, second] = totalPoints(parts, hourly)
    expect(first).toEqual({ at: new Date(T0), rx: 1250, tx: 100, clients: 13 })
    expect(second).toEqual({ at: new Date(T0 + 60 * MIN), rx: null, tx: null, clients: 2 })
  })
})
