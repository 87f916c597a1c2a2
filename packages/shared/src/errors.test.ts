import { describe, expect, it } from 'vitest'
import {
  codeForValidationKey,
  describeError,
  ErrorCode,
  errorCatalogue,
  httpStatusMessageKey,
} from './errors'
import { catalogues } from './i18n'

function hasKey(catalogue: object, key: string): boolean {
  let node: unknown = catalogue
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part]
  return typeof node === 'string' && node.length > 0
}

describe('the error catalogue (§8)', () => {
  it('describes every code, with a message in every language', () => {
    for (const code of Object.values(ErrorCode)) {
      const definition = describeError(code)
      expect(definition, String(code)).toBeDefined()
      for (const [language, catalogue] of Object.entries(catalogues)) {
        expect(hasKey(catalogue, definition!.key), `${code} ${definition!.key} in ${language}`).toBe(true)
      }
    }
    expect(Object.keys(errorCatalogue)).toHaveLength(new Set(Object.values(ErrorCode)).size)
  })

  it('forces a logout for the §8 logout ranges and only those', () => {
    const logoutCodes = Object.values(ErrorCode).filter((code) => describeError(code)!.forceLogout)
    for (const code of logoutCodes) {
      expect(
        (code >= 600100103 && code <= 600100109) || code === 600101100 || code === 600101101,
        String(code),
      ).toBe(true)
    }
    expect(logoutCodes).toContain(600100103)
    expect(logoutCodes).toContain(600101100)
  })

  it('answers HTTP 401 with the logout codes only, as §8 makes every 401 a forced logout', () => {
    for (const code of Object.values(ErrorCode)) {
      const definition = describeError(code)!
      expect(definition.http === 401, String(code)).toBe(definition.forceLogout)
    }
    expect(describeError(ErrorCode.ACCOUNT_OR_PASSWORD)!.http).toBe(400)
  })

  it('maps a broken rule to its own code where the spec gives one', () => {
    expect(codeForValidationKey('validation.account_tips')).toBe(ErrorCode.ACCOUNT_FORMAT)
    expect(codeForValidationKey('validation.country_code_tips')).toBe(ErrorCode.COUNTRY_CODE_INVALID)
    expect(codeForValidationKey('validation.account_empty')).toBe(ErrorCode.MISSING_PARAMETERS)
    expect(codeForValidationKey('validation.email_set_error_tips')).toBe(ErrorCode.INVALID_PARAMETER)
  })

  it('has a tip for every HTTP status of §8', () => {
    for (const status of [400, 401, 403, 404, 405, 408, 429, 500, 501, 502, 503, 504, 505, 418]) {
      expect(hasKey(catalogues['en-us'], httpStatusMessageKey(status)), String(status)).toBe(true)
    }
  })
})
