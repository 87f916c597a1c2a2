import { describe, expect, it } from 'vitest'
import './i18n/dayjs-locale'
import { formatCompactDateTime } from './format'

// 2026-11-24 00:06 wherever the test runs: the formatter shows local time.
const midnight = new Date(2026, 10, 24, 0, 6).toISOString()
const afternoon = new Date(2026, 10, 24, 15, 4).toISOString()

describe('formatCompactDateTime', () => {
  it('writes Chinese dates as the national standard does, 24-hour', () => {
    expect(formatCompactDateTime(midnight, 'zh-cn')).toBe('2026-11-24 00:06')
    expect(formatCompactDateTime(afternoon, 'zh-cn')).toBe('2026-11-24 15:04')
  })

  it('writes Spanish dates day first, 24-hour', () => {
    expect(formatCompactDateTime(midnight, 'es')).toBe('24/11/2026 0:06')
    expect(formatCompactDateTime(afternoon, 'es')).toBe('24/11/2026 15:04')
  })

  it('writes American dates month first, 12-hour', () => {
    expect(formatCompactDateTime(midnight, 'en-us')).toBe('11/24/2026 12:06 AM')
    expect(formatCompactDateTime(afternoon, 'en-us')).toBe('11/24/2026 3:04 PM')
  })

  it('gives nothing for no date or an invalid one', () => {
    expect(formatCompactDateTime(null, 'en-us')).toBeUndefined()
    expect(formatCompactDateTime('not a date', 'en-us')).toBeUndefined()
  })
})
