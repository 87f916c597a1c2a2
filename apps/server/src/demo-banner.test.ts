import { describe, expect, it } from 'vitest'
import { demoBanner } from './demo-banner'

const facts = {
  url: 'http://localhost:8080',
  username: 'demo',
  password: 'canopy2026',
  devicesOnline: 12,
  unbound: [{ mac: '02:C1:01:00:00:2A', model: 'CAP-1200', password: 'admin002a' }],
}

describe('demoBanner', () => {
  it('prints the address, the account and the devices to bind as plain lines, not JSON', () => {
    const banner = demoBanner(facts)
    const lines = banner.split('\n')
    expect(lines).toContain('Canopy demo: open http://localhost:8080 and log in with')
    expect(lines).toContain('  account   demo')
    expect(lines).toContain('  password  canopy2026')
    expect(lines).toContain('Virtual fleet: 12 devices online.')
    expect(lines).toContain('  02:C1:01:00:00:2A  CAP-1200  password admin002a')
    for (const line of lines) expect(line.trimStart().startsWith('{')).toBe(false)
    expect(banner.endsWith('\n')).toBe(true)
  })

  it('does not claim a password for an account an earlier start made', () => {
    const banner = demoBanner({ ...facts, password: undefined, unbound: [] })
    expect(banner).not.toContain('canopy2026')
    expect(banner).toContain('  password  (set at an earlier start; unchanged since)')
    expect(banner).not.toContain('Ready to bind')
  })
})
