import type { VirtualDevice } from '@canopy/simulator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GUIDE, guestDetails, MEMBER, openNdsGuestApp } from '../../test/guest-portal-setup'
import type { TestApp } from '../../test/test-app'
import { openNdsFaskey } from './opennds-fas'
import { fasToken } from './opennds-fas-query'

/**
 * The openNDS FAS level-1 surface as an openNDS gateway's client meets it: the `fas` query string
 * built as openNDS 9.10 builds it (opennds.real.test.ts drives a real one), the page, the forms,
 * and the redirect to the gateway's authaction with sha256(hid + faskey).
 */
const FASKEY = 'canopyTestKey1'
const BLOCKED = '02:CC:00:00:00:01'
const TRUSTED = '02:CC:00:00:00:02'
let app: TestApp
let close: (() => Promise<void>) | undefined
let device: VirtualDevice
let owner: string
let base: string

const hidOf = (n: number) => n.toString(16).padStart(64, 'a')
const mac = (n: number) => `02:dd:00:00:00:${n.toString(16).padStart(2, '0')}`
/** openNDS's `fas`: base64 of "name=value" pairs joined by ", ", values URL-encoded. */
function fasFor(
  client: { mac: string; hid: string },
  gateway = { name: `${device.thing}%20Node%3a0242ac110002%20`, mac: '0242ac110002' },
) {
  const fields = [
    `hid=${client.hid}`,
    'clientip=10.20.0.23',
    `clientmac=${client.mac.toLowerCase()}`,
    'client_type=cpd_can',
    `gatewayname=${gateway.name}`,
    'gatewayurl=http%3a%2f%2fstatus.client',
    'version=9.10.0',
    'gatewayaddress=10.20.0.1:2050',
    `gatewaymac=${gateway.mac}`,
    'originurl=http%3a%2f%2fneverssl.com%2f',
    'clientif=br-lan',
    'themespec=(null)',
  ]
  return Buffer.from(fields.join(', ')).toString('base64')
}
const arrive = (fas: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/portal/opennds/?fas=${encodeURIComponent(fas)}`, { redirect: 'manual', headers })
const post = (fas: string, fields: Record<string, string>) =>
  fetch(`${base}/portal/opennds/`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ fas, ...fields }),
  })
/** The redirect to the gateway's authaction, checked; its tok. */
function authAction(response: Response): string {
  expect(response.status).toBe(302)
  const location = new URL(response.headers.get('location')!)
  expect(`${location.host}${location.pathname}`).toBe('10.20.0.1:2050/opennds_auth/')
  expect(location.searchParams.get('redir')).toBe(GUIDE)
  return location.searchParams.get('tok')!
}
const details = (clientMac: string) => guestDetails(app, owner, clientMac)

beforeAll(async () => {
  ;({ app, base, device, owner, close } = await openNdsGuestApp(FASKEY, {
    blocked: BLOCKED,
    trusted: TRUSTED,
  }))
})
afterAll(async () => {
  await close?.()
})

describe('openNDS FAS level 1', () => {
  it("shows the captive page in the guest's language, carrying the gateway's fas back in the forms", async () => {
    const fas = fasFor({ mac: mac(1), hid: hidOf(1) })
    const response = await arrive(fas, { 'accept-language': 'es' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
    const page = await response.text()
    expect(page).toContain('<html lang="es">')
    expect(page).toContain('Lobby')
    expect(page).toContain('Sea amable.')
    expect(page).toContain('action="/portal/opennds/"')
    expect(page).toContain(`name="fas" value="${fas}"`)
    expect(page).not.toContain('<script')
  })

  it('member: a wrong password and an unknown account get the same page; the right one goes to authaction', async () => {
    const client = { mac: mac(2), hid: hidOf(2) }
    const fas = fasFor(client)
    const wrong = await post(fas, { method: 'member', account: MEMBER.account, password: 'nope-nope' })
    const unknown = await post(fas, { method: 'member', account: 'nobody', password: 'nope-nope' })
    expect(wrong.status).toBe(403)
    expect(unknown.status).toBe(403)
    expect(await wrong.text()).toBe(await unknown.text())
    const tok = authAction(await post(fas, { method: 'member', ...MEMBER }))
    expect(tok).toBe(fasToken(client.hid, FASKEY))
    const [session] = await details(client.mac.toUpperCase())
    expect(session).toMatchObject({
      method: 'member',
      account: MEMBER.account,
      status: 'active',
      client_ip: '10.20.0.23',
      device_mac: device.mac,
    })
    // remembered within the validity: openNDS's next session (a new hid) passes without the page
    const again = { mac: client.mac, hid: hidOf(22) }
    expect(authAction(await arrive(fasFor(again)))).toBe(fasToken(again.hid, FASKEY))
  })

  it('click-through: the terms must be accepted', async () => {
    const client = { mac: mac(3), hid: hidOf(3) }
    const fas = fasFor(client)
    expect((await post(fas, { method: 'click' })).status).toBe(400)
    expect(authAction(await post(fas, { method: 'click', agree: '1' }))).toBe(fasToken(client.hid, FASKEY))
    expect((await details(client.mac.toUpperCase()))[0]).toMatchObject({ method: 'click', status: 'active' })
  })

  it('refuses a black-listed MAC (page and form); lets a white-listed one through without a page', async () => {
    const blocked = fasFor({ mac: BLOCKED, hid: hidOf(4) })
    expect((await arrive(blocked)).status).toBe(403)
    expect((await post(blocked, { method: 'member', ...MEMBER })).status).toBe(403)
    expect(await details(BLOCKED)).toEqual([])
    const trusted = { mac: TRUSTED, hid: hidOf(5) }
    expect(authAction(await arrive(fasFor(trusted)))).toBe(fasToken(trusted.hid, FASKEY))
  })

  it('maps a gateway by its GatewayName, else by its MAC; unknown gateways and broken fas get a page, never a 500', async () => {
    const client = { mac: mac(6), hid: hidOf(6) }
    const venue = (gatewayMac: string) => fasFor(client, { name: 'Venue%20Node%3a0%20', mac: gatewayMac })
    expect((await arrive(venue(device.thing.slice(4)))).status).toBe(200)
    expect((await arrive(venue('0000000000ff'))).status).toBe(404)
    expect((await arrive('bm9uc2Vuc2U=')).status).toBe(400)
    expect((await fetch(`${base}/portal/opennds/`)).status).toBe(400)
    expect((await post('', { method: 'click', agree: '1' })).status).toBe(400)
  })

  it('a kick-off in the authentication details: the guest meets the page again', async () => {
    const client = { mac: mac(7), hid: hidOf(7) }
    authAction(await post(fasFor(client), { method: 'click', agree: '1' }))
    const [session] = await details(client.mac.toUpperCase())
    await app.ok({
      method: 'POST',
      path: '/backend/portal/detail/kick',
      token: owner,
      body: { id: session!.id },
    })
    expect((await arrive(fasFor({ mac: client.mac, hid: hidOf(77) }))).status).toBe(200)
  })

  it('limits logins per guest device of a gateway: the 11th in a minute is refused with 429', async () => {
    const fas = fasFor({ mac: mac(8), hid: hidOf(8) })
    const answers: number[] = []
    for (let n = 0; n < 11; n++)
      answers.push((await post(fas, { method: 'member', account: 'x', password: 'y' })).status)
    expect(answers.slice(0, 10).every((status) => status === 403)).toBe(true)
    expect(answers[10]).toBe(429)
  })
})

describe('OPENNDS_FASKEY', () => {
  it('is optional, and refused when openNDS could not carry it', () => {
    expect(openNdsFaskey({})).toBeUndefined()
    expect(openNdsFaskey({ OPENNDS_FASKEY: ' abcd1234 ' })).toBe('abcd1234')
    expect(() => openNdsFaskey({ OPENNDS_FASKEY: 'with space' })).toThrow(/OPENNDS_FASKEY/)
    expect(() => openNdsFaskey({ OPENNDS_FASKEY: 'short' })).toThrow(/OPENNDS_FASKEY/)
  })
})
