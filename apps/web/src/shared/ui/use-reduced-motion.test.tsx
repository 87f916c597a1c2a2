import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useReducedMotion } from './use-reduced-motion'

/** A matchMedia whose reduced-motion answer the test flips, telling its listeners. */
function fakeMotionSetting(reduce: boolean) {
  const listeners = new Set<() => void>()
  let matches = reduce
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === '(prefers-reduced-motion: reduce)' && matches
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }))
  return (next: boolean) => {
    matches = next
    for (const listener of listeners) listener()
  }
}

afterEach(() => vi.unstubAllGlobals())

describe('the reduced-motion preference', () => {
  it('follows the system setting, also when it changes', () => {
    const setReduce = fakeMotionSetting(false)
    const { result } = renderHook(() => useReducedMotion())
    expect(result.current).toBe(false)
    act(() => setReduce(true))
    expect(result.current).toBe(true)
  })
})
