import { describe, expect, it } from 'vitest'
import { authActionUrl, decryptFas, fasToken, parseFas } from './opennds-fas-query'

/** What openNDS 9.10 (Debian's package) sent a client to its FAS with, captured verbatim. */
const CAPTURED =
  'aGlkPTVmNGYxMjIyZjFjZDc4YWQ4NWM4NzJmYjFhMTI3NDVhYjhjZTUzNDRlNDVjNmZjNWYzNzhhOGFhZWZkNTRlNTksIGNsaWVudGlwPTEwLjIzMi4wLjIsIGNsaWVudG1hYz1jZTpjNzozMTpmZjpiMTpiMSwgY2xpZW50X3R5cGU9Y3BkX2NhbiwgZ2F0ZXdheW5hbWU9Y2Fub3B5LWd3JTIwTm9kZSUzYWRlNDIwMGZjZWJlYSUyMCwgZ2F0ZXdheXVybD1odHRwJTNhJTJmJTJmc3RhdHVzLmNsaWVudCwgdmVyc2lvbj05LjEwLjAsIGdhdGV3YXlhZGRyZXNzPTEwLjIzMi4wLjE6MjA1MCwgZ2F0ZXdheW1hYz1kZTQyMDBmY2ViZWEsIG9yaWdpbnVybD1odHRwJTNhJTJmJTJmMTAuMjMxLjAuODAlMmYsIGNsaWVudGlmPWNudzEsIHRoZW1lc3BlYz0obnVsbCksIChudWxsKShudWxsKShudWxsKShudWxsKQ=='
/**
 * Level 3's `fas` and `iv`, made by PHP 8.2 the way openNDS 9.10 makes them (its own PHP snippet:
 * a random iv of 16 hex digits, base64 of openssl_encrypt's base64), key canopyRealKey42.
 */
const LEVEL3 = {
  fas: 'Z2pNanJLVmlzZ0I3eXc1dFYwQjJJeDl4bXYzSEw3Z2s4T3VIOHpQQkhmQytlbkxCU25HaWNnQ3Q5L0RvdUJ4N1ZlUyszUXhxYVc3MlpkWVRJZ2JJU09QNXBCejZiYTBGT283cm9sanpHTWdldU9iVmU3VWU3RW9GSCtncDVvVnhQci9CYUNJTWJoN1AzUHArZ2lVNU9HelBDbEMrbmxmQW5VZGVxYm1mM2xCMmRad0lrNXU4MkxMMUp2TStuN3Q5eUR4TUl6WGxkczk2dGN3TjJ5NW1HQkpBRVVNbFQ1OExxT1dDZUdqSTBBWlV6TTNZUHJwZVVuM2pOYnBWSE5NOE5ic1hEZXZKOVpNcGNzT2FqaUNNWmludFl6NWE5YWRIdWlBNVdVV1pMV3V6NnYzWUFXUjNCOE9FQUNhZ1lGeGFWcWF6S21MOUR2SWdJeEtZWmtCMDFzaVljc3kyK2M1b0J4SEl6SENya3VNY0FibEtuMjU2OHhFVW1CT2dYMnNs',
  iv: 'd91809cc9219271f',
}
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
      // printf '%s' 'canopy-gw%20Node%3ade4200fcebea%20' | sha256sum: the name as sent, URL-encoded
      gatewayHash: '86e9055b577b51ad798c31a25cc500631924c3fcf9127e4c016cee8a5c71de0b',
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

  it('decrypts level 3 as PHP encrypted it (openssl_encrypt, key canopyRealKey42), and not with another key', () => {
    expect(decryptFas(LEVEL3.fas, LEVEL3.iv, 'canopyRealKey42')).toEqual({
      hid: 'a'.repeat(64),
      clientIp: '10.0.0.5',
      clientMac: '02:CB:00:00:00:15',
      thing: 'cnp-0a1b2c3d4e5f',
      gatewayAddress: '10.0.0.1:2050',
      authDir: 'opennds_auth',
      originUrl: 'http://x',
      gatewayHash: '76968ab65cf24d1526a76d310b122e8c7a4667232d7b1557873a17d6d5fce921',
    })
    expect(decryptFas(LEVEL3.fas, LEVEL3.iv, 'anotherKey123')).toBeUndefined()
    expect(decryptFas(LEVEL3.fas, 'd91809cc9219271e', 'canopyRealKey42')?.hid).not.toBe('a'.repeat(64))
    expect(decryptFas(LEVEL3.fas, 'short', 'canopyRealKey42')).toBeUndefined()
    expect(decryptFas(undefined, LEVEL3.iv, 'canopyRealKey42')).toBeUndefined()
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
