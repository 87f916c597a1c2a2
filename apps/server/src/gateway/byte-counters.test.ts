import { describe, expect, it } from 'vitest'
import { byteCountersOf } from './byte-counters'

const report = { uptime: 60, cpu: 5, mem: 30, clients: 2 }

describe('byteCountersOf', () => {
  it('keeps the WAN counters and adds up the radios of each band', () => {
    const counters = byteCountersOf({
      ...report,
      wan: { rxBytes: 1000.7, txBytes: 200 },
      radios: [
        { band: '2g', rxBytes: 10, txBytes: 20 },
        { band: '5g', rxBytes: 100, txBytes: 200 },
        { band: '5g', rxBytes: 1000, txBytes: 2000 },
      ],
    })
    expect(counters).toEqual({
      wanRx: 1000,
      wanTx: 200,
      radio2gRx: 10,
      radio2gTx: 20,
      radio5gRx: 1100,
      radio5gTx: 2200,
    })
  })

  it('files nothing for what the device does not report, nor a band only some radios report', () => {
    const counters = byteCountersOf({
      ...report,
      radios: [{ band: '5g', rxBytes: 5 }, { band: '5g' }, { band: '2g', txBytes: 3 }],
    })
    expect(counters).toEqual({
      wanRx: null,
      wanTx: null,
      radio2gRx: null,
      radio2gTx: 3,
      radio5gRx: null,
      radio5gTx: null,
    })
  })

  it('stays within a bigint when the radios of a band add up past 2^53', () => {
    const big = Number.MAX_SAFE_INTEGER
    const counters = byteCountersOf({
      ...report,
      radios: [
        { band: '5g', rxBytes: big },
        { band: '5g', rxBytes: big },
      ],
    })
    expect(counters.radio5gRx).toBe(Number.MAX_SAFE_INTEGER)
  })
})
