import { describe, expect, it } from 'vitest'
import { clientsSeries, MIN_SPAN_MS, SAMPLE_MS, timeTickLabel } from './chart-data'

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

describe('a new install’s short history', () => {
  it('starts the axis at the first sample, not a day before it', () => {
    const series = clientsSeries([point(3 * 3_600_000, 4), point(0, 6)], 24, NOW)
    expect(series.from).toBe(NOW - 3 * 3_600_000)
    expect(series.to).toBe(NOW)
  })

  it('spans an hour at least, so two samples are a line and not a sliver', () => {
    const series = clientsSeries([point(SAMPLE_MS, 4), point(0, 6)], 24, NOW)
    expect(series.from).toBe(NOW - MIN_SPAN_MS)
  })

  it('keeps the whole window once the history fills it', () => {
    const series = clientsSeries([point(24 * 3_600_000, 1), point(0, 6)], 24, NOW)
    expect(series.from).toBe(NOW - 24 * 3_600_000)
  })
})

describe('timeTickLabel', () => {
  it('writes hours 24-hour, and midnight as the day, never "24"', () => {
    expect(timeTickLabel(new Date(2026, 10, 24, 15, 30).getTime(), 'en-us')).toBe('15:30')
    expect(timeTickLabel(new Date(2026, 10, 24, 0, 5).getTime(), 'zh-cn')).toBe('00:05')
    expect(timeTickLabel(new Date(2026, 10, 24, 0, 0).getTime(), 'en-us')).toBe('11/24')
    expect(timeTickLabel(new Date(2026, 10, 24, 0, 0).getTime(), 'es')).toBe('24/11')
  })
})
