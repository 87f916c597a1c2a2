import { describe, expect, it } from 'vitest'
import { lanSettings, radioSettings, repeaterSettings, wanSettings, wifiSchedule } from './settings'

const messages = (result: {
  success: boolean
  error?: { issues: Array<{ message: string; path: PropertyKey[] }> }
}) => result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []

const radio = {
  enabled: true,
  ssid: 'Canopy-5G',
  hidden: false,
  channel: 44,
  bandwidth: '80',
  encryption: 'wpa2-psk',
  password: 'secret-123',
  power: 75,
  beacon: 100,
  fragmentation: 2346,
  rts: 2347,
  shortGi: true,
  maxUsers: 64,
  isolation: false,
}

describe('radio settings (§3, §5)', () => {
  it('accept a complete radio', () => {
    expect(radioSettings.safeParse(radio).success).toBe(true)
  })
  it('check the password against the encryption, and keep the current one when none is sent', () => {
    expect(messages(radioSettings.safeParse({ ...radio, password: 'short' }))).toEqual([
      'password: validation.wifi_pwd_length',
    ])
    expect(messages(radioSettings.safeParse({ ...radio, encryption: 'wep', password: '12345' }))).toEqual([])
    const { password: _keep, ...withoutPassword } = radio
    expect(radioSettings.safeParse(withoutPassword).success).toBe(true)
  })
  it('check the SSID, power, beacon, fragmentation and RTS', () => {
    const result = radioSettings.safeParse({
      ...radio,
      ssid: 'a"b',
      power: 60,
      beacon: 49,
      fragmentation: 255,
      rts: 2348,
    })
    expect(messages(result)).toEqual([
      'ssid: validation.ssid_chars',
      'power: validation.power_tips',
      'beacon: validation.beacon_tips',
      'fragmentation: validation.fragmentation_tips',
      'rts: validation.rts_tips',
    ])
  })
})

describe('WAN settings (§5)', () => {
  it('bound the MTU by connection type', () => {
    expect(messages(wanSettings.safeParse({ type: 'dhcp', mtu: 1500, vlan: 0 }))).toEqual([])
    expect(
      messages(
        wanSettings.safeParse({ type: 'pppoe', mtu: 1500, vlan: 0, pppoe: { username: 'u', timeout: 5 } }),
      ),
    ).toEqual(['mtu: validation.mtu_tips'])
  })
  it('want address, mask and gateway for a static connection', () => {
    expect(messages(wanSettings.safeParse({ type: 'static', mtu: 1500, vlan: 0 }))).toEqual([
      'ip: validation.ip_empty',
      'mask: validation.mask_empty',
      'gateway: validation.ip_empty',
    ])
    const good = {
      type: 'static',
      ip: '203.0.113.10',
      mask: '255.255.255.0',
      gateway: '203.0.113.1',
      dns: ['8.8.8.8'],
      mtu: 1500,
      vlan: 10,
    }
    expect(messages(wanSettings.safeParse(good))).toEqual([])
  })
  it('check the PPPoE timeout and the VLAN', () => {
    const result = wanSettings.safeParse({
      type: 'pppoe',
      mtu: 1492,
      vlan: 2,
      pppoe: { username: 'user', timeout: 31 },
    })
    expect(messages(result)).toEqual([
      'vlan: validation.vlan_tips',
      'pppoe.timeout: validation.pppoe_timeout_tips',
    ])
  })
})

describe('LAN settings (§5 exclusions)', () => {
  const lan = {
    ip: '192.168.10.1',
    mask: '255.255.255.0',
    dhcp: { enabled: true, start: '192.168.10.100', end: '192.168.10.200' },
  }
  it('accept a pool inside the LAN', () => {
    expect(messages(lanSettings.safeParse(lan))).toEqual([])
  })
  it('refuse a pool touching the LAN address or its broadcast, or running backwards', () => {
    expect(
      messages(
        lanSettings.safeParse({
          ...lan,
          dhcp: { enabled: true, start: '192.168.10.1', end: '192.168.10.255' },
        }),
      ),
    ).toEqual(['dhcp.start: validation.ip_lan_conflict', 'dhcp.end: validation.ip_lan_conflict'])
    expect(
      messages(
        lanSettings.safeParse({
          ...lan,
          dhcp: { enabled: true, start: '192.168.10.200', end: '192.168.10.100' },
        }),
      ),
    ).toEqual(['dhcp.end: validation.range_order'])
  })
  it('refuse a mask that is not contiguous', () => {
    expect(messages(lanSettings.safeParse({ ...lan, mask: '255.0.255.0' }))).toEqual([
      'mask: validation.mask_tips',
    ])
  })
})

describe('schedules (§5 times)', () => {
  it('want WiFi off and on at different times, off first', () => {
    expect(
      messages(wifiSchedule.safeParse({ enabled: true, days: [1, 2], off: '23:00', on: '23:00' })),
    ).toEqual(['on: validation.period_same'])
    expect(messages(wifiSchedule.safeParse({ enabled: true, days: [], off: '01:00', on: '06:00' }))).toEqual([
      'days: validation.days_tips',
    ])
    expect(messages(wifiSchedule.safeParse({ enabled: true, days: [0], off: '01:00', on: '24:00' }))).toEqual(
      ['on: validation.time_tips'],
    )
  })
})

describe('repeater settings', () => {
  it('check the uplink like any network', () => {
    const result = repeaterSettings.safeParse({
      enabled: true,
      uplink: { ssid: '', band: '2g', encryption: 'wpa2-psk', password: 'longenough' },
    })
    expect(messages(result)).toEqual(['uplink.ssid: validation.ssid_empty'])
  })
})
