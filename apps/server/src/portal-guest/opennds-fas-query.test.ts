import { describe, expect, it } from 'vitest'
import { authActionUrl, fasToken, parseFas } from './opennds-fas-query'

/** What openNDS 9.10 (Debian's package) sent a client to its FAS with, captured verbatim. */
const CAPTURED =
  'aGlkPTVmNGYxMjIyZjFjZDc4YWQ4NWM4NzJmYjFhMTI3NDVhYjhjZTUzNDRlNDVjNmZjNWYzNzhhOGFhZWZkNTRlNTksIGNsaWVudGlwPTEwLjIzMi4wLjIsIGNsaWVudG1hYz1jZTpjNzozMTpmZjpiMTpiMSwgY2xpZW50X3R5cGU9Y3BkX2NhbiwgZ2F0ZXdheW5hbWU9Y2Fub3B5LWd3JTIwTm9kZSUzYWRlNDIwMGZjZWJlYSUyMCwgZ2F0ZXdheXVybD1odHRwJTNhJTJmJTJmc3RhdHVzLmNsaWVudCwgdmVyc2lvbj05LjEwLjAsIGdhdGV3YXlhZGRyZXNzPTEwLjIzMi4wLjE6MjA1MCwgZ2F0ZXdheW1hYz1kZTQyMDBmY2ViZWEsIG9yaWdpbnVybD1odHRwJTNhJTJmJTJmMTAuMjMxLjAuODAlMmYsIGNsaWVudGlmPWNudzEsIHRoZW1lc3BlYz0obnVsbCksIChudWxsKShudWxsKShudWxsKShudWxsKQ=='
const HID = '5f4f1222f1cd78ad85c872fb1a12745ab8ce5344e45c6fc5f378a8aaefd54e59'

const encode = (fields: Record<string, string>) =>
  Buffer.from(
    Object.entries(fields)
      .map(([name, value]) => `${name}=${value}`)
      .join(', '),
  ).toString('base64')
const valid = {
  hid: HID,
  clientip: '10.0.0.2',
  clientmac: '02:aa:bb:cc:dd:ee',
  gatewayname: 'cnp-02aabbccdd01%20Node%3a02aabbccdd01%20',
  gatewayaddress: '10.0.0.1:2050',
  gatewaymac: '02aabbccdd01',
  originurl: 'http%3a%2f%2fexample.com%2f',
}

describe('openNDS FAS level 1 query', () => {
  it("reads what openNDS 9.10 sends, mapping a gateway without a thing name by its interface's MAC", () => {
    expect(parseFas(CAPTURED)).toEqual({
      hid: HID,
      clientIp: '10.232.0.2',
      clientMac: 'CE:C7:31:FF:B1:B1',
      thing: 'cnp-de4200fcebea',
      gatewayAddress: '10.232.0.1:2050',
      authDir: 'opennds_auth',
      originUrl: 'http://10.231.0.80/',
    })
  })

  it('takes the thing name from GatewayName before the MAC, and an authdir when given', () => {
    const parsed = parseFas(encode({ ...valid, gatewaymac: 'ffffffffffff', authdir: 'my_auth' }))
    expect(parsed?.thing).toBe('cnp-02aabbccdd01')
    expect(parsed?.authDir).toBe('my_auth')
  })

  it('refuses anything broken: no hid, a bad MAC, IP, address or authdir, no gateway, not base64', () => {
    for (const broken of [
      { ...valid, hid: 'abc' },
      { ...valid, clientmac: 'nonsense' },
      { ...valid, clientip: '10.0.0.256' },
      { ...valid, gatewayaddress: 'a b' },
      { ...valid, authdir: '../x' },
      { ...valid, gatewayname: 'venue', gatewaymac: 'xyz' },
    ])
      expect(parseFas(encode(broken))).toBeUndefined()
    expect(parseFas(undefined)).toBeUndefined()
    expect(parseFas('not base64!')).toBeUndefined()
    expect(parseFas('A'.repeat(5000))).toBeUndefined()
  })

  it("hashes hid and faskey as openNDS checks them (sha256sum of the two, hex) into the authaction's tok", () => {
    // printf '%s' "${hid}s3cretkey" | sha256sum
    expect(fasToken(HID, 's3cretkey')).toBe(
      'c0bed50d76fd370c823e6abef421f73af15cefc743e540e902ba93359a5aa7e1',
    )
    const url = new URL(authActionUrl(parseFas(CAPTURED)!, 's3cretkey', 'https://example.com/welcome'))
    expect(`${url.host}${url.pathname}`).toBe('10.232.0.1:2050/opennds_auth/')
    expect(url.searchParams.get('tok')).toBe(fasToken(HID, 's3cretkey'))
    expect(url.searchParams.get('redir')).toBe('https://example.com/welcome')
  })
})
