import { describe, expect, it } from 'vitest'
import { firstViolation } from './core'
import {
  memberAccount,
  memberAddRequest,
  memberPassword,
  methodSaveRequest,
  smsPhoneMaxProblem,
} from './portal-method'

const methods = {
  noauth_enabled: false,
  terms: { 'en-us': '', 'zh-cn': '', es: '' },
  member_enabled: true,
  sms_enabled: true,
  sms_daily_total: 100,
  sms_phone_period: 'five_minutes',
  sms_phone_max: 5,
  sms_client_max: 3,
}
const problem = (overrides: Record<string, unknown>) =>
  firstViolation(methodSaveRequest, { ...methods, ...overrides })

describe('§9 SMS limits', () => {
  it('takes a daily total of 1-1000', () => {
    expect(problem({ sms_daily_total: 1, sms_phone_max: 1 })).toBeUndefined()
    expect(problem({ sms_daily_total: 1000 })).toBeUndefined()
    expect(problem({ sms_daily_total: 0 })).toBe('validation.sms_daily_tips')
    expect(problem({ sms_daily_total: 1001 })).toBe('validation.sms_daily_tips')
    expect(problem({ sms_daily_total: 2.5 })).toBe('validation.sms_daily_tips')
  })

  it('takes 1-5 per phone per five minutes, or 1-100 at the daily level, never over the daily total', () => {
    expect(problem({ sms_phone_max: 5 })).toBeUndefined()
    expect(problem({ sms_phone_max: 6 })).toBe('validation.sms_phone_tips')
    expect(problem({ sms_phone_max: 0 })).toBe('validation.sms_phone_tips')
    expect(problem({ sms_phone_period: 'day', sms_phone_max: 100 })).toBeUndefined()
    expect(problem({ sms_phone_period: 'day', sms_phone_max: 101 })).toBe('validation.sms_phone_tips')
    expect(problem({ sms_phone_period: 'week', sms_phone_max: 1 })).toBe('validation.sms_phone_tips')
    expect(smsPhoneMaxProblem('day', 50, 20)).toBe('validation.sms_phone_over_daily')
  })

  it('takes 1-3 per same client', () => {
    expect(problem({ sms_client_max: 1 })).toBeUndefined()
    expect(problem({ sms_client_max: 3 })).toBeUndefined()
    expect(problem({ sms_client_max: 4 })).toBe('validation.sms_client_tips')
    expect(problem({ sms_client_max: 0 })).toBe('validation.sms_client_tips')
  })

  it('needs terms in some language while click-through is on', () => {
    expect(problem({ noauth_enabled: true })).toBe('validation.terms_empty')
    expect(problem({ noauth_enabled: true, terms: { 'en-us': '', 'zh-cn': '条款', es: '' } })).toBeUndefined()
    expect(problem({ terms: { 'en-us': 'x'.repeat(2001), 'zh-cn': '', es: '' } })).toBe(
      'validation.terms_tips',
    )
  })
})

describe('§3 members', () => {
  it("uses §5's account and password rules", () => {
    expect(firstViolation(memberAccount, 'guest_1')).toBeUndefined()
    expect(firstViolation(memberAccount, '')).toBe('validation.account_empty')
    expect(firstViolation(memberAccount, '_guest')).toBe('validation.account_tips')
    expect(firstViolation(memberAccount, '__proto__')).toBe('validation.account_tips')
    expect(firstViolation(memberPassword, 'abc123')).toBeUndefined()
    expect(firstViolation(memberPassword, 'abc12')).toBe('validation.pwd_set_error_tips')
    expect(firstViolation(memberPassword, '密码密码密码')).toBe('validation.pwd_set_error_tips')
  })

  it('keeps info to 50 characters', () => {
    const member = { account: 'guest_1', password: 'abc123' }
    expect(firstViolation(memberAddRequest, { ...member, info: 'x'.repeat(50) })).toBeUndefined()
    expect(firstViolation(memberAddRequest, { ...member, info: 'x'.repeat(51) })).toBe(
      'validation.member_info_tips',
    )
  })
})
