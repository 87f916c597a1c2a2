import { describe, expect, it } from 'vitest'
import type { TotalParts, Window } from './traffic.repository'
import { totalPoints } from './traffic-totals'

const T0 = Date.UTC(2026, 2, 1, 10, 0, 0)
const HOUR = 3600_000
const hourly: Window = {
  from: new Date(T0),
  to: new Date(T0 + 3 * HOUR),
  bucketSeconds: 3600,
  sampleSeconds: 300,
}

describe('totalPoints', () => {
  it('is the bytes of the intervals filed over their seconds, the clients over the sample times, null where nothing was', () => {
    const parts: TotalParts = {
      intervals: [
        { bucket: T0 - HOUR, rx: 999_999, tx: 0, count: 1 }, // before the window
        { bucket: T0, rx: 900_000, tx: 90_000, count: 2 },
        { bucket: T0 + HOUR, rx: 3_000, tx: 300, count: 1 },
      ],
      clients: [
        { bucket: T0, sum: 30, times: 2 },
        { bucket: T0 + HOUR, sum: 7, times: 1 },
      ],
      devices: [],
    }
    const [first, second, third] = totalPoints(parts, hourly)
    // 900,000 B over two intervals of 300 s.
    expect(first).toEqual({ at: new Date(T0), rx: 1500, tx: 150, clients: 15 })
    expect(second).toEqual({ at: new Date(T0 + HOUR), rx: 10, tx: 1, clients: 7 })
    expect(third).toEqual({ at: new Date(T0 + 2 * HOUR), rx: null, tx: null, clients: null })
  })

  it('adds the devices granted one by one, whose counters may have measured nothing', () => {
    const parts: TotalParts = {
      intervals: [{ bucket: T0, rx: 300_000, tx: 30_000, count: 1 }],
      clients: [{ bucket: T0, sum: 10, times: 1 }],
      devices: [
        { bucket: T0, rx: 250.4, tx: null, clients: 3 },
        { bucket: T0 + HOUR, rx: null, tx: null, clients: 2 },
      ],
    }
    const [first, second] = totalPoints(parts, hourly)
    expect(first).toEqual({ at: new Date(T0), rx: 1250, tx: 100, clients: 13 })
    expect(second).toEqual({ at: new Date(T0 + HOUR), rx: null, tx: null, clients: 2 })
  })
})
