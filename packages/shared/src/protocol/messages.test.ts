import { describe, expect, it } from 'vitest'
import { telemetryMessage } from './messages'

const report = { uptime: 60, cpu: 5, mem: 30, clients: 2 }

describe('telemetry byte counters', () => {
  it('are taken for the WAN and for each radio', () => {
    const parsed = telemetryMessage.parse({
      ...report,
      wan: { rxBytes: 1_000, txBytes: 200 },
      radios: [{ band: '5g', rxBytes: 150, txBytes: 900 }],
    })
    expect(parsed.radios?.[0]).toMatchObject({ rxBytes: 150, txBytes: 900 })
  })

  it('are refused negative or beyond what a bigint column and a JSON number hold exactly', () => {
    for (const wan of [{ rxBytes: -1 }, { txBytes: 2 ** 53 }]) {
      expect(telemetryMessage.safeParse({ ...report, wan }).success, JSON.stringify(wan)).toBe(false)
    }
    const radios = [{ band: '2g', rxBytes: 2 ** 60 }]
    expect(telemetryMessage.safeParse({ ...report, radios }).success).toBe(false)
  })
})
