import { describe, expect, it } from 'vitest'
import { detailParamsOf, deviceDetailPath } from './detail-params'

describe('the detail page URL', () => {
  it('reads the device and its tab', () => {
    expect(detailParamsOf(new URLSearchParams('id=12&tab=wifi'))).toEqual({ id: 12, tab: 'wifi' })
  })

  it('opens the system tab when none or an unknown one is named', () => {
    expect(detailParamsOf(new URLSearchParams('id=3')).tab).toBe('system')
    expect(detailParamsOf(new URLSearchParams('id=3&tab=alarms')).tab).toBe('system')
  })

  it('names no device for a missing or malformed id', () => {
    for (const search of ['', 'id=', 'id=0', 'id=-4', 'id=2.5', 'id=abc']) {
      expect(detailParamsOf(new URLSearchParams(search)).id, search).toBeUndefined()
    }
  })

  it('builds the path, leaving the default tab out', () => {
    expect(deviceDetailPath(7)).toBe('/device/detail?id=7')
    expect(deviceDetailPath(7, 'log')).toBe('/device/detail?id=7&tab=log')
    expect(detailParamsOf(new URL(deviceDetailPath(7, 'clients'), 'http://x').searchParams)).toEqual({
      id: 7,
      tab: 'clients',
    })
  })
})
