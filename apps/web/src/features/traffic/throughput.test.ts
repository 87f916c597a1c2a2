import { describe, expect, it } from 'vitest'
import { throughput } from './throughput'

describe('throughput', () => {
  it('reads bytes a second as bits a second in the largest unit that keeps the number at 1 or more', () => {
    expect(throughput(0)).toEqual({ unit: 'bps', value: 0 })
    expect(throughput(118.75)).toEqual({ unit: 'bps', value: 950 })
    expect(throughput(1_562.5)).toEqual({ unit: 'kbps', value: 12.5 })
    expect(throughput(153_750)).toEqual({ unit: 'mbps', value: 1.23 })
    expect(throughput(125_000_000)).toEqual({ unit: 'gbps', value: 1 })
    expect(throughput(1.25e12)).toEqual({ unit: 'gbps', value: 10_000 })
  })

  it('never shows a negative rate', () => {
    expect(throughput(-5)).toEqual({ unit: 'bps', value: 0 })
  })
})
