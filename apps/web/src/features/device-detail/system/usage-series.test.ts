import { describe, expect, it } from 'vitest'
import { usageSeries } from './usage-series'

describe('the CPU and memory history', () => {
  const now = Date.parse('2026-01-02T12:00:00Z')

  it('puts the samples of the window in time order, and spans the whole window', () => {
    const series = usageSeries(
      [
        { at: '2026-01-02T11:30:00Z', cpu: 20, mem: 40, clients: 3 },
        { at: '2026-01-02T11:00:00Z', cpu: 10, mem: null, clients: 1 },
        { at: '2026-01-01T11:00:00Z', cpu: 99, mem: 99, clients: 9 },
      ],
      1,
      now,
    )
    expect(series.cpu).toEqual([
      [Date.parse('2026-01-02T11:00:00Z'), 10],
      [Date.parse('2026-01-02T11:30:00Z'), 20],
    ])
    expect(series.mem.map(([, value]) => value)).toEqual([null, 40])
    expect([series.from, series.to]).toEqual([now - 3_600_000, now])
  })
})
