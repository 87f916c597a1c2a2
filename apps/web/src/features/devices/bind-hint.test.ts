import { act, renderHook } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { session } from '../../shared/storage/session'
import { decideHint, useBindHint } from './bind-hint'

beforeEach(() => {
  window.sessionStorage.clear()
})

describe('decideHint (§4 first-time hint flag)', () => {
  it('waits until the device count is known', () => {
    expect(decideHint(undefined, undefined)).toEqual({ show: false })
    expect(decideHint(1, undefined)).toEqual({ show: false })
  })

  it('unset, no devices: shows the hint and sets 1', () => {
    expect(decideHint(undefined, 0)).toEqual({ show: true, save: 1 })
  })

  it('1, still no devices: keeps showing', () => {
    expect(decideHint(1, 0)).toEqual({ show: true })
  })

  it('the user has devices: hides it for good (2)', () => {
    expect(decideHint(undefined, 3)).toEqual({ show: false, save: 2 })
    expect(decideHint(1, 1)).toEqual({ show: false, save: 2 })
  })

  it('2 (dismissed): never shows again, whatever the count', () => {
    expect(decideHint(2, 0)).toEqual({ show: false })
    expect(decideHint(2, 5)).toEqual({ show: false })
  })
})

describe('useBindHint', () => {
  it('stores the flag, and dismissing stores 2 for every bind button', () => {
    const first = renderHook(() => useBindHint(0))
    const second = renderHook(() => useBindHint(0))
    expect(first.result.current.open).toBe(true)
    expect(session.readHint()).toBe(1)
    act(() => first.result.current.dismiss())
    expect(session.readHint()).toBe(2)
    expect(first.result.current.open).toBe(false)
    expect(second.result.current.open).toBe(false)
  })

  it('sets 2 once the user has devices', () => {
    const { result, rerender } = renderHook(({ total }) => useBindHint(total), {
      initialProps: { total: 0 as number | undefined },
    })
    expect(result.current.open).toBe(true)
    rerender({ total: 1 })
    expect(result.current.open).toBe(false)
    expect(session.readHint()).toBe(2)
  })

  it('starts over after logout, which clears the flag', () => {
    session.saveHint(2)
    session.clearAll()
    expect(renderHook(() => useBindHint(0)).result.current.open).toBe(true)
  })
})
