import { beforeAll, describe, expect, it } from 'vitest'
import { initI18n, switchLanguage } from '../i18n/i18n'
import { differsFromField, matchesField, phoneWithCountryCode, zodRule } from './rules'

type Validator = (rule: unknown, value: unknown) => Promise<void>
type RuleLike =
  | { validator: Validator }
  | ((form: { getFieldValue: (name: string) => unknown }) => { validator: Validator })

/** Runs an antd rule the way antd Form does, with `fields` as the other fields' values. */
async function check(
  rule: unknown,
  value: unknown,
  fields: Record<string, unknown> = {},
): Promise<string | undefined> {
  const r = rule as RuleLike
  const resolved = typeof r === 'function' ? r({ getFieldValue: (name) => fields[name] }) : r
  try {
    await resolved.validator({}, value)
    return undefined
  } catch (error) {
    return (error as Error).message
  }
}

beforeAll(async () => {
  await initI18n('en-us')
})

describe('zodRule', () => {
  it('passes a valid value', async () => {
    expect(
      await check(
        zodRule((r) => r.accountName),
        'alice_1',
      ),
    ).toBeUndefined()
  })

  it('reports the schema’s message key, translated', async () => {
    expect(
      await check(
        zodRule((r) => r.accountName),
        '1abc',
      ),
    ).toBe('Account: 3-20 letters, digits or underscores, starting with a letter')
  })

  it('checks an untouched field as empty', async () => {
    expect(
      await check(
        zodRule((r) => r.accountName),
        undefined,
      ),
    ).toBe('Please enter the account')
  })

  it('lets optional fields be blank', async () => {
    expect(
      await check(
        zodRule((r) => r.registerRequest.shape.phone),
        '',
      ),
    ).toBeUndefined()
    expect(
      await check(
        zodRule((r) => r.registerRequest.shape.phone),
        '12',
      ),
    ).toBe('Phone: 6-25 digits')
  })

  it('follows the current language', async () => {
    await switchLanguage('es')
    expect(
      await check(
        zodRule((r) => r.accountName),
        '',
      ),
    ).toBe('Introduzca la cuenta')
    await switchLanguage('en-us')
  })
})

describe('cross-field rules', () => {
  it('matchesField wants the same password', async () => {
    expect(await check(matchesField('password'), 'abc123', { password: 'abc123' })).toBeUndefined()
    expect(await check(matchesField('password'), 'abc124', { password: 'abc123' })).toBe(
      'The two passwords do not match',
    )
  })

  it('differsFromField refuses the old password', async () => {
    expect(await check(differsFromField('old_password'), 'abc123', { old_password: 'abc123' })).toBe(
      'The new password must differ from the old one',
    )
    expect(
      await check(differsFromField('old_password'), 'abc124', { old_password: 'abc123' }),
    ).toBeUndefined()
  })

  it('phoneWithCountryCode wants both or neither', async () => {
    const rule = phoneWithCountryCode()
    expect(await check(rule, '', {})).toBeUndefined()
    expect(await check(rule, '13800000000', { country_code: '86' })).toBeUndefined()
    expect(await check(rule, '13800000000', {})).toBe('Enter the phone number together with its country code')
    expect(await check(rule, '', { country_code: '86' })).toBe(
      'Enter the phone number together with its country code',
    )
  })
})
