import type { TelemetryMessage } from '@canopy/shared/protocol'
import { describe, expect, it } from 'vitest'
import { Misbehaviour } from './misbehaviour'

const normal: TelemetryMessage = {
  uptime: 10,
  cpu: 12,
  mem: 40,
  clients: 3,
  wan: { ip: '10.1.2.3', gateway: '10.1.2.1', dns: ['8.8.8.8'], type: 'mobile' },
  lte: { signal: -70 },
}

describe('misbehaviour', () => {
  it('changes nothing while no mode is on', () => {
    expect(new Misbehaviour().apply(normal)).toBe(normal)
  })

  it('spikes the CPU, leaks memory report after report, weakens the signal and drops the WAN address', () => {
    const device = new Misbehaviour()
    for (const mode of ['cpu-spike', 'memory-leak', 'weak-signal', 'drop-wan'] as const)
      device.set(mode, true)
    const first = device.apply(normal)
    const second = device.apply(normal)
    expect(first.cpu).toBeGreaterThan(90)
    expect(second.mem).toBeGreaterThan(first.mem)
    expect(first.lte?.signal).toBeLessThan(-110)
    expect(first.wan).toEqual({ type: 'mobile' })
  })

  it('goes back to normal when a mode is off; a leak starts again from nothing', () => {
    const device = new Misbehaviour()
    device.set('memory-leak', true)
    device.apply(normal)
    device.set('memory-leak', false)
    expect(device.apply(normal)).toEqual(normal)
    device.set('memory-leak', true)
    expect(device.apply(normal).mem).toBe(44)
  })
})
