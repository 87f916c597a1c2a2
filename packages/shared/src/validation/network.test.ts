import { describe, expect, it } from 'vitest'
import { firstViolation } from './core'
import {
  diagnosticHost,
  diagnosticHostProblem,
  dnsProblem,
  encryptionPasswordProblem,
  ipProblem,
  maskProblem,
  maxUsersProblem,
  mtuProblem,
  port,
  rangeProblem,
  ssidProblem,
  transmitPower,
  urlProblem,
  vlan,
  wepKeyProblem,
  wifiPasswordProblem,
} from './network'

describe('SSID (§5: trimmed, not empty, no \\ or ", at most 32 bytes, >255 counts 3)', () => {
  it('counts bytes the way the spec does', () => {
    expect(ssidProblem('a'.repeat(32))).toBeUndefined()
    expect(ssidProblem('a'.repeat(33))).toBe('validation.ssid_length')
    expect(ssidProblem('无'.repeat(10) + 'ab')).toBeUndefined() // 30 + 2 bytes
    expect(ssidProblem('无'.repeat(10) + 'abc')).toBe('validation.ssid_length') // 33 bytes
    expect(ssidProblem('ñ'.repeat(32))).toBeUndefined() // Latin-1: one byte each
  })
  it('trims, and refuses empty, backslash and double quote', () => {
    expect(ssidProblem('  Office  ')).toBeUndefined()
    expect(ssidProblem('   ')).toBe('validation.ssid_empty')
    expect(ssidProblem('a\\b')).toBe('validation.ssid_chars')
    expect(ssidProblem('a"b')).toBe('validation.ssid_chars')
    expect(ssidProblem("it's fine")).toBeUndefined()
  })
})

describe('WiFi passwords (§5)', () => {
  it('takes 8-63 printable ASCII', () => {
    expect(wifiPasswordProblem('12345678')).toBeUndefined()
    expect(wifiPasswordProblem('a'.repeat(63))).toBeUndefined()
    expect(wifiPasswordProblem('1234567')).toBe('validation.wifi_pwd_length')
    expect(wifiPasswordProblem('pass密码word')).toBe('validation.wifi_pwd_ascii')
    expect(wifiPasswordProblem('tab\there!')).toBe('validation.wifi_pwd_ascii')
  })
  it('takes 64 characters only as a hexadecimal key', () => {
    expect(wifiPasswordProblem('a1'.repeat(32))).toBeUndefined()
    expect(wifiPasswordProblem('g'.repeat(64))).toBe('validation.eq_he')
    expect(wifiPasswordProblem('a'.repeat(65))).toBe('validation.wifi_pwd_length')
  })
  it('takes WEP keys of 5 or 13 characters', () => {
    expect(wepKeyProblem('12345')).toBeUndefined()
    expect(wepKeyProblem('1234567890123')).toBeUndefined()
    expect(wepKeyProblem('123456')).toBe('validation.wep_length')
  })
  it('asks no password without encryption, the right one with it', () => {
    expect(encryptionPasswordProblem('none', undefined)).toBeUndefined()
    expect(encryptionPasswordProblem('wpa2-psk', '')).toBe('validation.pwd_empty')
    expect(encryptionPasswordProblem('wep', '12345')).toBeUndefined()
    expect(encryptionPasswordProblem('wpa3-sae', '12345')).toBe('validation.wifi_pwd_length')
  })
})

describe('numbers (§5)', () => {
  it('port: digits 1-65535', () => {
    expect(firstViolation(port, '1')).toBeUndefined()
    expect(firstViolation(port, 65535)).toBeUndefined()
    for (const bad of [0, 65536, '8a', 1.5]) expect(firstViolation(port, bad)).toBe('validation.port_tips')
  })
  it('VLAN: 0 (off) or 3-4094', () => {
    for (const good of [0, 3, 4094]) expect(firstViolation(vlan, good)).toBeUndefined()
    for (const bad of [1, 2, 4095, -1]) expect(firstViolation(vlan, bad)).toBe('validation.vlan_tips')
  })
  it('MTU by connection type', () => {
    expect(mtuProblem(1492, 'pppoe')).toBeUndefined()
    expect(mtuProblem(1493, 'pppoe')).toBe('validation.mtu_tips')
    expect(mtuProblem(1399, 'pppoe')).toBe('validation.mtu_tips')
    expect(mtuProblem(576, 'static')).toBeUndefined()
    expect(mtuProblem(575, 'dhcp')).toBe('validation.mtu_tips')
    expect(mtuProblem(1500, 'mobile')).toBeUndefined()
    expect(mtuProblem(999, 'mobile')).toBe('validation.mtu_tips')
  })
  it('max users: 0 to the bound, no leading zero', () => {
    expect(maxUsersProblem('0', 64)).toBeUndefined()
    expect(maxUsersProblem(64, 64)).toBeUndefined()
    expect(maxUsersProblem('65', 64)).toBe('validation.max_users_tips')
    expect(maxUsersProblem('08', 64)).toBe('validation.max_users_tips')
    expect(maxUsersProblem('-1', 64)).toBe('validation.max_users_tips')
  })
  it('transmit power: the five levels of §9', () => {
    for (const level of [100, 75, 50, 25, 12]) expect(firstViolation(transmitPower, level)).toBeUndefined()
    expect(firstViolation(transmitPower, 60)).toBe('validation.power_tips')
  })
})

describe('addresses (§5)', () => {
  it('IP: four sections, first and last not 0, no loopback, multicast or reserved', () => {
    expect(ipProblem('192.168.1.10')).toBeUndefined()
    expect(ipProblem('10.0.0.255')).toBeUndefined()
    for (const bad of ['192.168.1', '192.168.1.256', '0.1.2.3', '1.2.3.0', '01.2.3.4', 'a.b.c.d']) {
      expect(ipProblem(bad), bad).toBe('validation.ip_tips')
    }
    for (const reserved of ['127.0.0.1', '224.0.0.5', '239.1.1.1', '240.0.0.1', '255.255.255.255']) {
      expect(ipProblem(reserved), reserved).toBe('validation.ip_reserved')
    }
  })
  it('IP: not the LAN address, its mask, its network or its broadcast', () => {
    const lan = { ip: '192.168.10.1', mask: '255.255.255.0' }
    expect(ipProblem('192.168.10.1', lan)).toBe('validation.ip_lan_conflict')
    expect(ipProblem('192.168.10.255', lan)).toBe('validation.ip_lan_conflict')
    expect(ipProblem('192.168.10.2', lan)).toBeUndefined()
    const wide = { ip: '10.1.0.1', mask: '255.255.0.0' }
    expect(ipProblem('10.1.0.0', wide)).toBe('validation.ip_tips')
    expect(ipProblem('10.1.255.255', wide)).toBe('validation.ip_lan_conflict')
    expect(ipProblem('10.1.1.0', wide)).toBe('validation.ip_tips') // last octet 0 is never a host here
    expect(ipProblem('10.1.2.3', wide)).toBeUndefined()
  })
  it('DNS: first octet 1-223 and not 127, last not 0', () => {
    expect(dnsProblem('8.8.8.8')).toBeUndefined()
    expect(dnsProblem('223.5.5.5')).toBeUndefined()
    for (const bad of ['224.0.0.1', '127.0.0.53', '8.8.8.0', '0.1.1.1'])
      expect(dnsProblem(bad), bad).toBe('validation.dns_tips')
  })
  it('mask: contiguous, not all zeros or ones', () => {
    for (const good of ['255.255.255.0', '255.255.0.0', '255.255.255.252', '128.0.0.0'])
      expect(maskProblem(good)).toBeUndefined()
    for (const bad of ['0.0.0.0', '255.255.255.255', '255.0.255.0', '255.255.255.1'])
      expect(maskProblem(bad), bad).toBe('validation.mask_tips')
  })
  it('ranges: start not after end', () => {
    expect(rangeProblem('192.168.1.10', '192.168.1.200')).toBeUndefined()
    expect(rangeProblem('192.168.1.20', '192.168.1.2')).toBe('validation.range_order')
  })
  it('URL: no spaces, brackets, double dots or non-ASCII', () => {
    expect(urlProblem('https://portal.example.com/welcome?x=1')).toBeUndefined()
    for (const bad of ['https://a b.com', 'https://a..com', 'https://例子.com', 'https://a.com/(x)', '']) {
      expect(urlProblem(bad), bad).toBe('validation.url_tips')
    }
  })
  it('diagnostic host: a name or an address, nothing a shell would read', () => {
    for (const good of ['example.org', '8.8.8.8', 'gw-1.lan'])
      expect(diagnosticHostProblem(good)).toBeUndefined()
    for (const bad of ['8.8.8.8; reboot', 'a b', '$(id)', 'a..b', 'x'.repeat(254)]) {
      expect(diagnosticHostProblem(bad), bad).toBe('validation.url_tips')
    }
    expect(firstViolation(diagnosticHost, '')).toBe('validation.url_empty')
  })
})
