import { lanSettings, wanSettings } from '@canopy/shared/validation'
import { describe, expect, it } from 'vitest'
import {
  lanFormValues,
  lanRequest,
  mtuForType,
  toWanSettings,
  wanFormValues,
  wanRequest,
} from './network-form'

describe('the WAN form', () => {
  const reported = { type: 'dhcp', mtu: 1500, vlan: 0 }

  it('sends only what the connection type uses', () => {
    const values = wanFormValues(reported)
    expect(wanRequest(values)).toEqual({ wan: { type: 'dhcp', mtu: 1500, vlan: 0 } })
    const fixed = {
      ...values,
      type: 'static' as const,
      ip: '10.0.0.2',
      mask: '255.255.255.0',
      gateway: '10.0.0.1',
      dns: ['8.8.8.8', ''],
    }
    expect(toWanSettings(fixed)).toEqual({
      type: 'static',
      mtu: 1500,
      vlan: 0,
      ip: '10.0.0.2',
      mask: '255.255.255.0',
      gateway: '10.0.0.1',
      dns: ['8.8.8.8'],
    })
    expect(wanSettings.safeParse(toWanSettings(fixed)).success).toBe(true)
  })

  it('sends the PPPoE password only when typed', () => {
    const values = {
      ...wanFormValues(reported),
      type: 'pppoe' as const,
      mtu: 1492,
      pppoe: { username: 'isp-user', password: '', timeout: 5 },
    }
    expect(toWanSettings(values)).toEqual({
      type: 'pppoe',
      mtu: 1492,
      vlan: 0,
      pppoe: { username: 'isp-user', timeout: 5 },
    })
    expect(toWanSettings({ ...values, pppoe: { ...values.pppoe, password: 'p4ss' } }).pppoe).toEqual({
      username: 'isp-user',
      password: 'p4ss',
      timeout: 5,
    })
  })

  it('moves the MTU into the new connection type’s range', () => {
    expect(mtuForType('pppoe', 1500)).toBe(1492)
    expect(mtuForType('pppoe', 1450)).toBe(1450)
    expect(mtuForType('static', null)).toBe(1500)
  })
})

describe('the LAN form', () => {
  const reported = {
    ip: '192.168.8.1',
    mask: '255.255.255.0',
    dhcp: { enabled: true, start: '192.168.8.100', end: '192.168.8.199' },
  }

  it('round-trips what the device reports', () => {
    expect(lanRequest(lanFormValues(reported))).toEqual({ lan: reported })
  })

  it('is checked with the shared LAN rules: the pool may not hold the LAN’s own address', () => {
    const values = {
      ...lanFormValues(reported),
      dhcp: { enabled: true, start: '192.168.8.1', end: '192.168.8.20' },
    }
    const result = lanSettings.safeParse(lanRequest(values).lan)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]).toMatchObject({
      path: ['dhcp', 'start'],
      message: 'validation.ip_lan_conflict',
    })
  })
})
