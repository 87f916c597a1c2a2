import { describe, expect, it } from 'vitest'
import { formatBytes } from './traffic'

describe('traffic', () => {
  it('is shown in the largest fitting unit', () => {
    expect(formatBytes(0)).toBe('0 B')
    expect(formatBytes(1023)).toBe('1023 B')
    expect(formatBytes(1536)).toBe('1.5 KB')
    expect(formatBytes(250 * 1024 * 1024)).toBe('250 MB')
    expect(formatBytes(3 * 1024 ** 4)).toBe('3 TB')
  })

  it('is a dash when the device did not say', () => {
    expect(formatBytes(undefined)).toBe('—')
    expect(formatBytes(Number.NaN)).toBe('—')
  })
})
