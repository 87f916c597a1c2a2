import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { logFilters, logWindow, parseLogDay, withLogFilters } from './log-filters'

const messages = (value: unknown) => {
  const result = logFilters.safeParse(value)
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

describe('log filters: a day (§5 dates)', () => {
  it('read a real YYYY-MM-DD day, leap years included', () => {
    expect(parseLogDay('2024-02-29')).toBe(Date.UTC(2024, 1, 29))
    expect(parseLogDay('2000-02-29')).toBe(Date.UTC(2000, 1, 29))
    expect(parseLogDay('2023-12-31')).toBe(Date.UTC(2023, 11, 31))
  })
  it('refuse days that do not exist and other forms', () => {
    for (const bad of [
      '2023-02-29',
      '2100-02-29',
      '2024-04-31',
      '2024-13-01',
      '2024-00-10',
      '2024-01-00',
      '2024-1-5',
      '2024/01/05',
      '20240105',
      ' 2024-01-05',
      '2024-01-05T00:00',
    ])
      expect(parseLogDay(bad), bad).toBeUndefined()
  })
  it('give one message per broken day: the format first, then the year floor', () => {
    expect(messages({ start: '2023-02-29' })).toEqual(['start: validation.date_tips'])
    expect(messages({ start: 20240105 })).toEqual(['start: validation.date_tips'])
    expect(messages({ end: '2007-12-31' })).toEqual(['end: validation.log_year_tips'])
    expect(messages({ start: '2008-01-01' })).toEqual([])
    expect(messages({ start: '3001-01-01' })).toEqual(['start: validation.log_year_tips'])
  })
})

describe('log filters: a range or recent days', () => {
  it('accept no filter, a range, a lone bound, or recent days', () => {
    expect(messages({})).toEqual([])
    expect(messages({ start: '2024-02-28', end: '2024-02-29' })).toEqual([])
    expect(messages({ end: '2024-02-29' })).toEqual([])
    expect(messages({ days: 1 })).toEqual([])
    expect(messages({ days: '7' })).toEqual([])
  })
  it('refuse a range that is one day or runs backwards', () => {
    expect(messages({ start: '2024-03-01', end: '2024-03-01' })).toEqual(['end: validation.period_same'])
    expect(messages({ start: '2024-03-02', end: '2024-03-01' })).toEqual(['end: validation.period_order'])
  })
  it('keep recent days within 1–7 and apart from a range', () => {
    for (const bad of [0, 8, -1, 1.5, '3d', true])
      expect(messages({ days: bad }), String(bad)).toEqual(['days: validation.log_days_tips'])
    expect(messages({ days: 3, start: '2024-01-01' })).toEqual(['days: validation.log_days_with_range'])
    expect(messages({ days: 3, end: '2024-01-01' })).toEqual(['days: validation.log_days_with_range'])
  })
  it('extend with a list’s own fields, keeping the rules', () => {
    const request = withLogFilters({ model: z.string().optional() })
    expect(request.safeParse({ model: 'CAP-1200', days: 2 }).success).toBe(true)
    expect(request.safeParse({ model: 'CAP-1200', days: 2, start: '2024-01-01' }).success).toBe(false)
  })
})

describe('log filters: the window they select', () => {
  const now = new Date('2024-03-10T12:00:00Z')
  it('count recent days back from now', () => {
    expect(logWindow({ days: 7 }, now)).toEqual({ from: new Date('2024-03-03T12:00:00Z') })
  })
  it('cover a range from the start of its first day to the end of its last', () => {
    expect(logWindow({ start: '2024-02-28', end: '2024-02-29' }, now)).toEqual({
      from: new Date('2024-02-28T00:00:00Z'),
      to: new Date('2024-03-01T00:00:00Z'),
    })
    expect(logWindow({}, now)).toEqual({})
  })
})
