import { describe, expect, it } from 'vitest'
import { filterLog, logSource, logSources } from './log-lines'

const LINES = [
  '2026-11-24 00:06:01 ap-lobby hostapd: 5g: STA 02:aa:bb:cc:dd:01 associated',
  '2026-11-24 00:06:01 ap-lobby dnsmasq-dhcp: DHCPACK 192.168.3.20 02:aa:bb:cc:dd:01 phone',
  '2026-11-24 00:07:12 ap-lobby kernel: reboot requested by the cloud',
  'Nov 24 00:08:00 ap-lobby dropbear[812]: Password auth succeeded for root',
  'a line of another shape',
]

describe('the device log’s lines', () => {
  it('names the program of each syslog line, ISO or BSD time, with or without a pid', () => {
    expect(LINES.map(logSource)).toEqual(['hostapd', 'dnsmasq-dhcp', 'kernel', 'dropbear', undefined])
    expect(logSources(LINES)).toEqual(['dnsmasq-dhcp', 'dropbear', 'hostapd', 'kernel'])
  })

  it('filters by text, any case, and by source, both at once', () => {
    expect(filterLog(LINES, { text: 'DD:01' })).toEqual(LINES.slice(0, 2))
    expect(filterLog(LINES, { source: 'kernel' })).toEqual([LINES[2]])
    expect(filterLog(LINES, { text: 'phone', source: 'hostapd' })).toEqual([])
    expect(filterLog(LINES, { text: '  ' })).toEqual(LINES)
  })
})
