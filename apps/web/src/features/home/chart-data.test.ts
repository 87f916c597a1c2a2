import { describe, expect, it } from 'vitest'
import { clientsSeries, SAMPLE_MS } from './chart-data'

const NOW = Date.parse('2026-03-01T12:00:00.000Z')
const at = (msBeforeNow: number) => new Date(NOW - msBeforeNow).toISOString()
const point = (msBeforeNow: number, clients: number, devices = 1) => ({
  at: at(msBeforeNow),
  clients,
  online_devices: devices,
})

describe('clientsSeries', () => {
  it('spans the last hours up to now', () => {
    const series = clientsSeries([], 24, NOW)
    expect(series).toEqual({ clients: [], devices: [], from: NOW - 24 * 3_600_000, to: NOW })
  })

  it('puts the samples in time order, one point each', () => {
    const series = clientsSeries(
      [point(0, 7, 2), point(2 * SAMPLE_MS, 3, 1), point(SAMPLE_MS, 5, 2)],
      24,
      NOW,
    )
    expect(series.clients).toEqual([
      [NOW - 2 * SAMPLE_MS, 3],
      [NOW - SAMPLE_MS, 5],
      [NOW, 7],
    ])
    expect(series.devices.map(([, value]) => value)).toEqual([1, 2, 2])
  })

  it('breaks the line where samples are missing', () => {
    const series = clientsSeries([point(4 * SAMPLE_MS, 3), point(SAMPLE_MS, 5)], 24, NOW)
    expect(series.clients).toEqual([
      [NOW - 4 * SAMPLE_MS, 3],
      [NOW - 3 * SAMPLE_MS, null],
      [NOW - SAMPLE_MS, 5],
    ])
  })

  it('tolerates samples a little late without a gap', () => {
    const late = clientsSeries([point(2 * SAMPLE_MS, 3), point(SAMPLE_MS - 30_000, 4)], 24, NOW)
    expect(late.clients.every(([, value]) => value !== null)).toBe(true)
  })

  it('leaves out samples outside the window and unreadable times', () => {
    const series = clientsSeries(
      [point(25 * 3_600_000, 9), { at: 'yesterday', clients: 1, online_devices: 1 }, point(0, 2)],
      24,
      NOW,
    )
    expect(series.clients).toEqual([[NOW, 2]])
  })
})
