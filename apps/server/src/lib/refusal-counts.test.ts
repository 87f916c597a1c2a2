import { describe, expect, it } from 'vitest'
import { RefusalCounts } from './refusal-counts'

describe('refusal counts', () => {
  it('counts every refusal, lets a reason log once a minute, and tells the next line how many it left out', () => {
    let now = 0
    const refusals = new RefusalCounts(['forged', 'expired'] as const, () => now)
    expect(refusals.count('forged')).toEqual({})
    expect(refusals.count('forged')).toBeUndefined()
    expect(refusals.count('forged')).toBeUndefined()
    // another reason has its own minute
    expect(refusals.count('expired')).toEqual({})
    now = 60_000
    expect(refusals.count('forged')).toEqual({ suppressed: 2 })
    expect(refusals.counts).toEqual({ forged: 4, expired: 1 })
  })
})
