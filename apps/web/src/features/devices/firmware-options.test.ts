import { describe, expect, it } from 'vitest'
import type { DeviceProduct } from './api'
import { firmwareOptions } from './firmware-options'

const products: DeviceProduct[] = [
  { model: 'CAP-1200', name: 'AP 1200', type: 'ap', firmware: ['1.4.2', '1.10.0', '1.9.2'] },
  { model: 'CAP-3000', name: 'AP 3000', type: 'ap', firmware: ['2.1.0', '1.4.2'] },
  { model: 'CGW-500', name: 'Gateway 500', type: 'gateway', firmware: ['3.0.7'] },
  { model: 'CRP-300', name: 'Repeater 300', type: 'repeater', firmware: [] },
]

describe('the firmware filter’s versions', () => {
  it('offers each version of the caller’s devices once, newest first', () => {
    expect(firmwareOptions(products, {})).toEqual(['3.0.7', '2.1.0', '1.10.0', '1.9.2', '1.4.2'])
  })

  it('narrows with the chosen type and model', () => {
    expect(firmwareOptions(products, { type: 'gateway' })).toEqual(['3.0.7'])
    expect(firmwareOptions(products, { type: 'ap', model: 'CAP-3000' })).toEqual(['2.1.0', '1.4.2'])
  })

  it('keeps the version a shared link carries, so the select shows what is applied', () => {
    expect(firmwareOptions(products, { type: 'gateway', firmware: '3.0.5' })).toEqual(['3.0.7', '3.0.5'])
  })

  it('offers nothing for products no device of the caller runs', () => {
    expect(firmwareOptions(products, { model: 'CRP-300' })).toEqual([])
  })
})
