import { describe, expect, it } from 'vitest'
import { preparedOnce } from './prepared-once'

describe('a query prepared once', () => {
  it('is prepared when first asked for, and the same one after', () => {
    let prepared = 0
    const query = preparedOnce(() => ({ number: ++prepared }))
    expect(prepared).toBe(0)
    expect(query()).toBe(query())
    expect([prepared, query().number]).toEqual([1, 1])
  })
})
