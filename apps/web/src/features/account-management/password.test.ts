import { USER_PASSWORD_PATTERN } from '@canopy/shared/validation'
import { describe, expect, it } from 'vitest'
import { GENERATED_PASSWORD_LENGTH, generatePassword } from './password'

describe('generatePassword', () => {
  it('satisfies the §5 password rule, with a letter and a digit, every time', () => {
    for (let i = 0; i < 500; i++) {
      const password = generatePassword()
      expect(password).toMatch(USER_PASSWORD_PATTERN)
      expect(password).toHaveLength(GENERATED_PASSWORD_LENGTH)
      expect(password).toMatch(/[A-Za-z]/)
      expect(password).toMatch(/\d/)
      expect(password).not.toMatch(/[Il1O0o]/)
    }
  })

  it('differs from one call to the next', () => {
    expect(new Set(Array.from({ length: 50 }, () => generatePassword())).size).toBe(50)
  })

  it('keeps to the rule’s lengths', () => {
    expect(generatePassword(6)).toHaveLength(6)
    expect(generatePassword(20)).toHaveLength(20)
    expect(() => generatePassword(5)).toThrow(RangeError)
    expect(() => generatePassword(21)).toThrow(RangeError)
  })

  it('draws again when a draw has no digit', () => {
    // The first 8 draws pick index 0 ('A'); then letters and digits ('4' is index 50) alternate.
    let calls = 0
    const source = (values: Uint32Array) => {
      values[0] = calls < 8 || calls % 2 === 0 ? 0 : 50
      calls++
      return values
    }
    const password = generatePassword(8, source)
    expect(password).toMatch(/\d/)
    expect(calls).toBe(16)
  })
})
