import { describe, expect, it } from 'vitest'
import { firstViolation } from './core'
import { dateProblem, lengthProblem, percentage, periodProblem, timeProblem, title } from './text'

describe('text rules (§5)', () => {
  it('title: 1-25 Chinese, letters or digits', () => {
    expect(firstViolation(title, '办公室1')).toBeUndefined()
    expect(firstViolation(title, 'a'.repeat(25))).toBeUndefined()
    expect(firstViolation(title, 'a'.repeat(26))).toBe('validation.title_tips')
    expect(firstViolation(title, 'a b')).toBe('validation.title_tips')
  })
  it('percentage: 0-100 with up to three decimals', () => {
    for (const good of ['0', '100', '99.999', '5.5', '100.000'])
      expect(firstViolation(percentage, good), good).toBeUndefined()
    for (const bad of ['101', '100.001', '5.5555', '-1', 'x'])
      expect(firstViolation(percentage, bad), bad).toBe('validation.percentage_tips')
  })
  it('lengths: exactly 5, 4-20, 6-20, 8-63, 8-64 (64 must be hex)', () => {
    expect(lengthProblem('abcde', '5')).toBeUndefined()
    expect(lengthProblem('abcd', '5')).toBe('validation.length_5')
    expect(lengthProblem('abc', '4-20')).toBe('validation.length_4_20')
    expect(lengthProblem('a'.repeat(20), '6-20')).toBeUndefined()
    expect(lengthProblem('a'.repeat(64), '8-63')).toBe('validation.length_8_63')
    expect(lengthProblem('ab'.repeat(32), '8-64')).toBeUndefined()
    expect(lengthProblem('xy'.repeat(32), '8-64')).toBe('validation.eq_he')
  })
})

describe('dates and times (§5)', () => {
  it('knows leap years and month lengths', () => {
    expect(dateProblem('2024-02-29')).toBeUndefined()
    expect(dateProblem('2023-02-29')).toBe('validation.date_tips')
    expect(dateProblem('2000-02-29')).toBeUndefined()
    expect(dateProblem('1900-02-29')).toBe('validation.date_tips')
    expect(dateProblem('2024-04-31')).toBe('validation.date_tips')
    expect(dateProblem('2024-13-01')).toBe('validation.date_tips')
  })
  it('keeps years within 1900-3000, and from 2008 in date-range filters', () => {
    expect(dateProblem('1899-12-31')).toBe('validation.date_tips')
    expect(dateProblem('3000-12-31')).toBeUndefined()
    expect(dateProblem('2007-12-31', { filter: true })).toBe('validation.date_tips')
    expect(dateProblem('2008-01-01', { filter: true })).toBeUndefined()
  })
  it('times: hour 0-23, minute and second 0-59', () => {
    expect(timeProblem('00:00')).toBeUndefined()
    expect(timeProblem('23:59:59')).toBeUndefined()
    for (const bad of ['24:00', '12:60', '12:00:60', '7:00', '12-00'])
      expect(timeProblem(bad), bad).toBe('validation.time_tips')
  })
  it('periods: start and end differ, start first', () => {
    expect(periodProblem('02:00', '05:00')).toBeUndefined()
    expect(periodProblem('05:00', '05:00')).toBe('validation.period_same')
    expect(periodProblem('06:00', '05:00')).toBe('validation.period_order')
  })
})
