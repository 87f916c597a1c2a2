import { describe, expect, it } from 'vitest'
import { maskPhone } from './guest-auth.service'

describe('maskPhone (the phone an SMS guest is recorded with)', () => {
  it('keeps the first three and last four digits of a usual number, never the whole', () => {
    expect(maskPhone('13800001234')).toBe('138****1234')
    expect(maskPhone('+8613800001234')).toBe('861****1234')
  })
  it('hides most of a short number too (§5 allows 6 digits)', () => {
    expect(maskPhone('123456')).toBe('1****56')
    expect(maskPhone('1234567')).toBe('1****67')
  })
})
