import { describe, expect, it } from 'vitest'
import { Remembered } from './remembered'

describe('Remembered', () => {
  it('loads a value once, never remembers what was not found, and forgets the oldest past its size', async () => {
    const loads: number[] = []
    const existing = new Set([1, 2, 3])
    const remembered = new Remembered(async (key: number) => {
      loads.push(key)
      return existing.has(key) ? `value ${key}` : undefined
    }, 2)
    expect(await remembered.of(1)).toBe('value 1')
    expect(await remembered.of(1)).toBe('value 1')
    expect(await remembered.of(9)).toBeUndefined()
    existing.add(9)
    expect(await remembered.of(9)).toBe('value 9')
    expect(await remembered.of(2)).toBe('value 2')
    expect(await remembered.of(1)).toBe('value 1')
    expect(loads).toEqual([1, 9, 9, 2, 1])
  })
})
