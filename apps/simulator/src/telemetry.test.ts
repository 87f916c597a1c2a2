import { telemetryMessage } from '@canopy/shared/protocol'
import { describe, expect, it } from 'vitest'
import { CAP_3000 } from './profiles/ap'
import { seededRandom } from './random'
import { TelemetryModel } from './telemetry'

const START = Date.UTC(2026, 0, 1)

/** Reports every `seconds` from START, `count` of them, each checked against the protocol. */
function reports(model: TelemetryModel, count: number, seconds: number, from = START) {
  return Array.from({ length: count }, (_, i) => {
    const report = model.next([6, 44], from + (i + 1) * seconds * 1000)
    expect(telemetryMessage.safeParse(report).success).toBe(true)
    return report
  })
}

const counters = (report: ReturnType<TelemetryModel['next']>) => [
  report.wan!.rxBytes!,
  report.wan!.txBytes!,
  ...report.radios!.flatMap((radio) => [radio.rxBytes!, radio.txBytes!]),
]

describe('the byte counters of a virtual device', () => {
  it('only grow between reports, WAN and every radio, and the WAN carries what the radios do', () => {
    const model = new TelemetryModel(CAP_3000, seededRandom(7), '192.168.1.1', '10.0.0.2')
    model.boot(START)
    const series = reports(model, 60, 30)
    for (let i = 1; i < series.length; i++) {
      const before = counters(series[i - 1]!)
      for (const [index, value] of counters(series[i]!).entries()) {
        expect(value).toBeGreaterThanOrEqual(before[index]!)
      }
    }
    const last = series.at(-1)!
    expect(last.wan!.rxBytes).toBeGreaterThan(0)
    const radiosSent = last.radios!.reduce((sum, radio) => sum + radio.txBytes!, 0)
    expect(last.wan!.rxBytes! / radiosSent).toBeCloseTo(1.03, 2)
  })

  it('grow with the time between reports, at a plausible rate per client', () => {
    const model = new TelemetryModel(CAP_3000, seededRandom(11), '192.168.1.1', '10.0.0.2')
    model.boot(START)
    // Clients find a booted device again over a few reports.
    const [first, second] = reports(model, 30, 300).slice(-2)
    const bytesPerSecond = (second!.wan!.rxBytes! - first!.wan!.rxBytes!) / 300
    const clients = second!.clients
    // Between an idle phone and a video call per client (2 kB/s to 150 kB/s, ±20 %).
    if (clients > 0) {
      expect(bytesPerSecond / clients).toBeGreaterThan(1_000)
      expect(bytesPerSecond / clients).toBeLessThan(200_000)
    }
    expect(bytesPerSecond).toBeGreaterThan(0)
  })

  it('start again from zero when the device boots, as uptime does', () => {
    const model = new TelemetryModel(CAP_3000, seededRandom(3), '192.168.1.1', '10.0.0.2')
    model.boot(START)
    const before = reports(model, 10, 30).at(-1)!
    expect(before.wan!.rxBytes).toBeGreaterThan(0)
    const rebootAt = START + 400_000
    model.boot(rebootAt)
    const after = model.next([6, 44], rebootAt)
    expect(counters(after).every((value) => value === 0)).toBe(true)
    expect(after.uptime).toBe(0)
  })
})
