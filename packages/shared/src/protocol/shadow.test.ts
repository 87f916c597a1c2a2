import { describe, expect, it } from 'vitest'
import { computeDelta, depthOf, mergeState, metadataOf } from './shadow'

describe('shadow documents (AWS IoT Device Shadow rules)', () => {
  it('merges objects key by key, replaces arrays and deletes on null', () => {
    const current = { wifi: { ssid: 'a', channel: 6, bands: ['2g'] }, led: true }
    const merged = mergeState(current, { wifi: { channel: 11, bands: ['2g', '5g'] }, led: null })
    expect(merged).toEqual({ wifi: { ssid: 'a', channel: 11, bands: ['2g', '5g'] } })
    expect(current.led).toBe(true)
  })

  it('drops objects left empty by deletions', () => {
    expect(mergeState({ a: { b: 1 }, c: 2 }, { a: { b: null } })).toEqual({ c: 2 })
  })

  it('computes the delta of desired over reported', () => {
    const desired = { wifi: { ssid: 'new', channel: 6 }, led: false, list: [1, 2] }
    const reported = { wifi: { ssid: 'old', channel: 6 }, led: false, list: [1, 2], extra: 1 }
    expect(computeDelta(desired, reported)).toEqual({ wifi: { ssid: 'new' } })
    expect(computeDelta({ list: [1, 2] }, { list: [2, 1] })).toEqual({ list: [1, 2] })
    expect(computeDelta({ a: 1 }, { a: 1 })).toEqual({})
  })

  it('stamps each leaf in metadata', () => {
    expect(metadataOf({ wifi: { ssid: 'x' }, led: true }, 1700000000)).toEqual({
      wifi: { ssid: { timestamp: 1700000000 } },
      led: { timestamp: 1700000000 },
    })
  })

  it('measures nesting depth', () => {
    expect(depthOf({ a: { b: { c: 1 } } })).toBe(3)
    expect(depthOf({})).toBe(1)
  })
})
