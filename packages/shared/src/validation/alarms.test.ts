import { describe, expect, it } from 'vitest'
import { catalogues } from '../i18n'
import {
  ALARM_CATEGORIES,
  ALARM_MESSAGE_KEYS,
  alarmNoticeSetRequest,
  alarmSetRequest,
  DEFAULT_ALARM_RULES,
} from './alarms'
import { firstViolation } from './core'

const withRule = (category: keyof typeof DEFAULT_ALARM_RULES, rule: Record<string, unknown>) => ({
  id: 1,
  rules: { ...DEFAULT_ALARM_RULES, [category]: { ...DEFAULT_ALARM_RULES[category], ...rule } },
})

describe('alarm rules', () => {
  it('§5 percentage thresholds: 0-100 with up to 3 decimals, as a number or its text', () => {
    for (const threshold of [0, 100, 99.999, '12.5', '100.000'])
      expect(
        firstViolation(alarmSetRequest, withRule('cpu', { threshold })),
        String(threshold),
      ).toBeUndefined()
    for (const threshold of [100.001, -0.5, 1.2345, '1e2', 'NaN', null, undefined])
      expect(firstViolation(alarmSetRequest, withRule('memory', { threshold })), String(threshold)).toBe(
        'validation.alarm_threshold_tips',
      )
  })

  it('§9 intervals are 1, 3 or 5 minutes', () => {
    for (const interval of [1, 3, 5])
      expect(firstViolation(alarmSetRequest, withRule('offline', { interval }))).toBeUndefined()
    for (const interval of [0, 2, 4, 10, '3'])
      expect(firstViolation(alarmSetRequest, withRule('offline', { interval }))).toBe(
        'validation.alarm_interval_tips',
      )
  })

  it('signal in dBm from -140 to 0, clients a whole number', () => {
    expect(firstViolation(alarmSetRequest, withRule('signal', { threshold: -141 }))).toBe(
      'validation.alarm_threshold_tips',
    )
    expect(firstViolation(alarmSetRequest, withRule('signal', { threshold: -95 }))).toBeUndefined()
    expect(firstViolation(alarmSetRequest, withRule('clients', { threshold: 2.5 }))).toBe(
      'validation.alarm_threshold_tips',
    )
  })

  it('names a device or a project, and rules or inheriting (a device only)', () => {
    const rules = DEFAULT_ALARM_RULES
    expect(firstViolation(alarmSetRequest, { rules })).toBe('validation.alarm_target_tips')
    expect(firstViolation(alarmSetRequest, { id: 1, gid: 2, rules })).toBe('validation.alarm_target_tips')
    expect(firstViolation(alarmSetRequest, { id: 1 })).toBe('validation.alarm_target_tips')
    expect(firstViolation(alarmSetRequest, { id: 1, inherit: true })).toBeUndefined()
    expect(firstViolation(alarmSetRequest, { gid: 1, inherit: true })).toBe('validation.alarm_target_tips')
    expect(
      firstViolation(alarmNoticeSetRequest, { gid: 1, email: true, wechat: false, uids: [1, 2] }),
    ).toBeUndefined()
  })

  it('every category has its fired and recovered message in the catalogues', () => {
    for (const category of ALARM_CATEGORIES) {
      for (const key of Object.values(ALARM_MESSAGE_KEYS[category])) {
        const [, which, name] = key.split('.')
        const messages = catalogues['en-us'].alarmMessages as Record<string, Record<string, string>>
        expect(messages[which!]![name!], key).toBeTruthy()
      }
    }
  })
})
