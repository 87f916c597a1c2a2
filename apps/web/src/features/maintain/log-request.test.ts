import { logFilters } from '@canopy/shared/validation'
import dayjs from 'dayjs'
import { describe, expect, it } from 'vitest'
import { exportParams, logFiltersOf } from './log-request'

describe('logFiltersOf', () => {
  it('writes a range as the shared rule reads it', () => {
    const filters = logFiltersOf({
      range: [dayjs('2024-02-28'), dayjs('2024-03-01')],
      model: ' CAP-1200 ',
      result: 'failed',
    })
    expect(filters).toEqual({ start: '2024-02-28', end: '2024-03-01', model: 'CAP-1200', result: 'failed' })
    expect(logFilters.safeParse({ start: filters.start, end: filters.end }).success).toBe(true)
  })

  it('sends recent days alone, and nothing for empty fields', () => {
    expect(logFiltersOf({ days: 3, range: null, model: '', result: null, action: 'device.restart' })).toEqual(
      {
        days: 3,
        action: 'device.restart',
      },
    )
    expect(logFiltersOf({})).toEqual({})
  })

  it('gives an export the same filters as text', () => {
    expect(exportParams({ days: 7, model: 'CAP-1200' })).toEqual({ days: '7', model: 'CAP-1200' })
  })
})
