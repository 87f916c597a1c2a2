import { describe, expect, it } from 'vitest'
import { hasValues, lineOf } from './chart-series'

describe('lineOf', () => {
  it('puts the buckets in time order, keeping the nulls that break the line', () => {
    const points = [
      { at: '2026-03-01T10:05:00.000Z', rx: null },
      { at: '2026-03-01T10:00:00.000Z', rx: 125 },
      { at: 'not a time', rx: 1 },
    ]
    expect(lineOf(points, (point) => point.rx)).toEqual([
      [Date.parse('2026-03-01T10:00:00.000Z'), 125],
      [Date.parse('2026-03-01T10:05:00.000Z'), null],
    ])
  })

  it('says whether a line has anything to draw', () => {
    expect(hasValues([[1, null]])).toBe(false)
    expect(
      hasValues([
        [1, null],
        [2, 0],
      ]),
    ).toBe(true)
  })
})
