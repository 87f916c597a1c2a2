import { describe, expect, it } from 'vitest'
import { specByteLength } from './core'

describe('specByteLength (§5: characters above code 255 count as 3)', () => {
  it('counts ASCII and Latin-1 as one byte each', () => {
    expect(specByteLength('abc')).toBe(3)
    expect(specByteLength('ñÿ')).toBe(2)
  })
  it('counts anything above 255 as three', () => {
    expect(specByteLength('无线')).toBe(6)
    expect(specByteLength('Ā')).toBe(3)
    expect(specByteLength('😀')).toBe(3)
  })
})
