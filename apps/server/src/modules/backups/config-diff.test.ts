import { describe, expect, it } from 'vitest'
import { diffConfigs } from './config-diff'

describe('diffConfigs', () => {
  it('names each changed, added and removed leaf by path, and a secret only as changed', () => {
    const before = {
      wifi: { '2g': { ssid: 'A', password: 'one-secret', channel: 6 } },
      system: { led: true },
    }
    const after = {
      wifi: { '2g': { ssid: 'B', password: 'two-secret', channel: 6 } },
      network: { mtu: 1500 },
    }
    const changes = diffConfigs(before, after)
    expect(changes).toEqual([
      { path: 'network.mtu', kind: 'added', secret: false },
      { path: 'system.led', kind: 'removed', secret: false },
      { path: 'wifi.2g.password', kind: 'changed', secret: true },
      { path: 'wifi.2g.ssid', kind: 'changed', secret: false },
    ])
    expect(JSON.stringify(changes)).not.toMatch(/one-secret|two-secret/)
  })

  it('finds nothing between equal configurations', () => {
    const config = { wifi: { '5g': { ssid: 'X', vaps: [1, 2] } } }
    expect(diffConfigs(config, structuredClone(config))).toEqual([])
  })
})
