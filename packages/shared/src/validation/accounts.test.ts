import { describe, expect, it } from 'vitest'
import {
  accountName,
  address,
  countryCode,
  email,
  firstViolation,
  genericPassword,
  nickname,
  passwordChangeRequest,
  phone,
  profileRequest,
  registerRequest,
  strictGenericPassword,
  tokenRequest,
  userPassword,
} from './index'

const rule = (schema: Parameters<typeof firstViolation>[0], value: unknown) => firstViolation(schema, value)

describe('account (§5: 3-20 letters, digits, underscore, starting with a letter)', () => {
  it.each(['abc', 'a_1', 'Z' + 'x'.repeat(19), 'user_name_2026'])('accepts %s', (value) => {
    expect(rule(accountName, value)).toBeUndefined()
  })
  it.each([
    ['', 'validation.account_empty'],
    ['ab', 'validation.account_tips'],
    ['a'.repeat(21), 'validation.account_tips'],
    ['1abc', 'validation.account_tips'],
    ['_abc', 'validation.account_tips'],
    ['ab-c', 'validation.account_tips'],
    ['abc def', 'validation.account_tips'],
    ['账号abc', 'validation.account_tips'],
  ])('refuses %j with %s', (value, key) => {
    expect(rule(accountName, value)).toBe(key)
  })
})

describe('user password (§5: 6-20 letters and digits)', () => {
  it.each(['abc123', 'A'.repeat(20), '123456'])('accepts %s', (value) => {
    expect(rule(userPassword, value)).toBeUndefined()
  })
  it.each([
    ['', 'validation.pwd_empty'],
    ['abc12', 'validation.pwd_set_error_tips'],
    ['a'.repeat(21), 'validation.pwd_set_error_tips'],
    ['密码abc123', 'validation.pwd_set_error_tips'],
    ['abc 123', 'validation.pwd_set_error_tips'],
    ['abc_123', 'validation.pwd_set_error_tips'],
  ])('refuses %j with %s', (value, key) => {
    expect(rule(userPassword, value)).toBe(key)
  })
})

describe('generic password (§5: not empty, characters within 0-255)', () => {
  it('accepts Latin-1 punctuation and accents', () => {
    expect(rule(genericPassword, 'pä$$\\"\'w0rd')).toBeUndefined()
    expect(rule(genericPassword, 'ÿ')).toBeUndefined()
  })
  it('refuses empty and characters above 255', () => {
    expect(rule(genericPassword, '')).toBe('validation.pwd_empty')
    expect(rule(genericPassword, 'pass密')).toBe('validation.pwd_invalid')
    expect(rule(genericPassword, 'ĀĀĀ')).toBe('validation.pwd_invalid')
  })
  it('has a variant that also forbids backslash and quotes', () => {
    expect(rule(strictGenericPassword, 'plain')).toBeUndefined()
    for (const bad of ['a\\b', "a'b", 'a"b'])
      expect(rule(strictGenericPassword, bad)).toBe('validation.pwd_invalid')
  })
})

describe('nickname (§5: 1-20 letters, digits, underscore, Chinese)', () => {
  it.each(['a', '小明', 'Ana_2', 'n'.repeat(20)])('accepts %s', (value) => {
    expect(rule(nickname, value)).toBeUndefined()
  })
  it.each(['', 'n'.repeat(21), 'Ana María', 'a-b', 'émile'])('refuses %j', (value) => {
    expect(rule(nickname, value)).toBe('validation.nickname_tips')
  })
})

describe('phone and country code (§5)', () => {
  it('accepts 6 to 25 digits', () => {
    expect(rule(phone, '123456')).toBeUndefined()
    expect(rule(phone, '1'.repeat(25))).toBeUndefined()
  })
  it.each(['12345', '1'.repeat(26), '+8613800000000', '138 0000 0000', ''])('refuses %j', (value) => {
    expect(rule(phone, value)).toBe('validation.phone_set_error_tips')
  })
  it('takes a country code of 1-4 digits without a leading zero or plus', () => {
    expect(rule(countryCode, '86')).toBeUndefined()
    expect(rule(countryCode, '1')).toBeUndefined()
    for (const bad of ['+86', '086', '12345', ''])
      expect(rule(countryCode, bad)).toBe('validation.country_code_tips')
  })
  it('wants the phone and its country code together', () => {
    const base = { email: 'a@b.co' }
    expect(profileRequest.safeParse({ ...base, phone: '13800000000' }).error?.issues[0]).toMatchObject({
      message: 'validation.phone_cc_together',
      path: ['phone'],
    })
    expect(profileRequest.safeParse({ ...base, country_code: '86' }).success).toBe(false)
    expect(profileRequest.safeParse({ ...base, country_code: '86', phone: '13800000000' }).success).toBe(true)
    expect(profileRequest.safeParse({ ...base, country_code: '', phone: '' }).success).toBe(true)
  })
})

describe('e-mail and address (§5)', () => {
  it.each(['a@b.co', 'first.last+tag@example.com.cn'])('accepts the e-mail %s', (value) => {
    expect(rule(email, value)).toBeUndefined()
  })
  it.each([
    ['', 'validation.email_empty'],
    ['plain', 'validation.email_set_error_tips'],
    ['a@b', 'validation.email_set_error_tips'],
    ['a b@c.de', 'validation.email_set_error_tips'],
    [`${'a'.repeat(95)}@b.com`, 'validation.email_set_error_tips'],
  ])('refuses the e-mail %j', (value, key) => {
    expect(rule(email, value)).toBe(key)
  })
  it('takes an address of at most 100 characters', () => {
    expect(rule(address, 'a'.repeat(100))).toBeUndefined()
    expect(rule(address, 'a'.repeat(101))).toBe('validation.address_tips')
  })
})

describe('registration (§5)', () => {
  const valid = {
    username: 'newuser',
    password: 'abc123',
    confirm_password: 'abc123',
    email: 'n@example.com',
    agreement: true,
  }
  it('accepts a complete registration, phone optional', () => {
    expect(registerRequest.safeParse(valid).success).toBe(true)
  })
  it('needs the agreement accepted and the confirmation to match', () => {
    const keys = (value: object) =>
      registerRequest.safeParse(value).error?.issues.map((issue) => issue.message)
    expect(keys({ ...valid, agreement: false })).toEqual(['validation.agreement_required'])
    expect(keys({ ...valid, confirm_password: 'abc124' })).toEqual(['validation.pwd_confirm_error'])
  })
})

describe('password change (§5)', () => {
  it('wants a new password different from the old one, confirmed', () => {
    const keys = (value: object) =>
      passwordChangeRequest.safeParse(value).error?.issues.map((issue) => issue.message)
    expect(keys({ old_password: 'abc123', new_password: 'abc123', confirm_password: 'abc123' })).toEqual([
      'validation.pwd_same_error',
    ])
    expect(keys({ old_password: 'abc123', new_password: 'xyz789', confirm_password: 'xyz788' })).toEqual([
      'validation.pwd_confirm_error',
    ])
    expect(
      keys({ old_password: 'abc123', new_password: 'xyz789', confirm_password: 'xyz789' }),
    ).toBeUndefined()
  })
})

describe('login (§5: account_pwd_error at login)', () => {
  it('defaults to login by account and words format errors as "account or password error"', () => {
    const result = tokenRequest.safeParse({ username: '1x', password: 'abc' })
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'validation.account_pwd_error',
      'validation.account_pwd_error',
    ])
    expect(tokenRequest.parse({ username: 'abc', password: 'abc123' })).toMatchObject({
      login_type: 'account',
    })
  })
  it('logs in by phone with a country code', () => {
    expect(
      tokenRequest.safeParse({
        login_type: 'phone',
        country_code: '86',
        username: '13800000000',
        password: 'abc123',
      }).success,
    ).toBe(true)
    expect(
      tokenRequest.safeParse({ login_type: 'phone', username: '13800000000', password: 'abc123' }).success,
    ).toBe(false)
  })
})
