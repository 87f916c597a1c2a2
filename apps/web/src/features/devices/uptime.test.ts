import { beforeAll, describe, expect, it } from 'vitest'
import '../../shared/i18n/device-messages'
import { i18n, initI18n } from '../../shared/i18n/i18n'
import { formatUptime, uptimeParts } from './uptime'

beforeAll(async () => {
  await initI18n('en-us')
})

describe('uptimeParts', () => {
  it('keeps the two largest units, rounded down', () => {
    expect(uptimeParts(3 * 86_400 + 4 * 3600 + 59 * 60)).toEqual({ unit: 'days', days: 3, hours: 4 })
    expect(uptimeParts(86_400)).toEqual({ unit: 'days', days: 1, hours: 0 })
    expect(uptimeParts(5 * 3600 + 12 * 60 + 59)).toEqual({ unit: 'hours', hours: 5, minutes: 12 })
    expect(uptimeParts(3600)).toEqual({ unit: 'hours', hours: 1, minutes: 0 })
    expect(uptimeParts(42 * 60 + 30)).toEqual({ unit: 'minutes', minutes: 42 })
    expect(uptimeParts(59.9)).toEqual({ unit: 'underMinute' })
  })

  it('treats nonsense as zero', () => {
    expect(uptimeParts(-5)).toEqual({ unit: 'underMinute' })
  })
})

describe('formatUptime', () => {
  it('speaks the current language', () => {
    expect(formatUptime(3 * 86_400 + 4 * 3600, i18n.t)).toBe('3 d 4 h')
    expect(formatUptime(5 * 3600 + 12 * 60, i18n.t)).toBe('5 h 12 min')
    expect(formatUptime(42 * 60, i18n.t)).toBe('42 min')
    expect(formatUptime(10, i18n.t)).toBe('Under 1 min')
  })
})
