import type { AddressInfo } from 'node:net'
import { ErrorCode } from '@canopy/shared/errors'
import type { GuestDetail } from '@canopy/shared/validation'
import type { Fleet, VirtualDevice } from '@canopy/simulator'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bindDevice, eventually, startTestFleet } from '../../test/devices'
import { rootProjectOf, signedInAccount } from '../../test/factories'
import { designGuestPortal, GUIDE, portalOnVap1 } from '../../test/guest-portal-setup'
import { createTestApp, type TestApp } from '../../test/test-app'

/**
 * The guest surface as a WiFiDog v1 gateway and a guest's phone use it: real HTTP requests with
 * the query strings wifidog sends (login/, auth/ with its stages, ping/, portal/).
 */
let app: TestApp
let fleet: Fleet
let base: string
let owner: string
let first: VirtualDevice
let second: VirtualDevice
let gid: number
const BLOCKED = '02:AA:00:00:00:01'
const TRUSTED = '02:AA:00:00:00:02'

const ok = <T>(path: string, body: unknown) =>
  app.ok<T>({ method: 'POST', path: `/backend/${path}`, token: owner, body })

/** The captive redirect wifidog sends a new client to. */
const loginUrl = (device: VirtualDevice, mac: string, extra = '') =>
  `${base}/portal/wifidog/login/?gw_address=192.168.10.1&gw_port=2060&gw_id=${device.thing}&ip=192.168.10.23&mac=${mac.toLowerCase()}&url=http%3A%2F%2Fneverssl.com%2F&ssid=vap1${extra}`
/** wifidog's auth request of a stage. */
const authUrl = (
  device: VirtualDevice,
  stage: string,
  mac: string,
  token: string,
  incoming = 0,
  outgoing = 0,
) =>
  `${base}/portal/wifidog/auth/?stage=${stage}&ip=192.168.10.23&mac=${mac.toLowerCase()}&token=${token}&incoming=${incoming}&outgoing=${outgoing}&gw_id=${device.thing}`
const gatewayAnswer = async (url: string) => (await fetch(url)).text()

function form(device: VirtualDevice, mac: string, fields: Record<string, string>) {
  return fetch(`${base}/portal/wifidog/login/`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      gw_id: device.thing,
      gw_address: '192.168.10.1',
      gw_port: '2060',
      mac,
      ip: '192.168.10.23',
      url: 'http://neverssl.com/',
      ssid: 'vap1',
      ...fields,
    }),
  })
}
/** The token of a redirect to the gateway's /wifidog/auth. */
function tokenOf(response: Response): string {
  expect(response.status).toBe(302)
  const location = new URL(response.headers.get('location')!)
  expect(`${location.host}${location.pathname}`).toBe('192.168.10.1:2060/wifidog/auth')
  return location.searchParams.get('token')!
}
const mac = (n: number) => `02:BB:00:00:00:${n.toString(16).padStart(2, '0').toUpperCase()}`

beforeAll(async () => {
  app = await createTestApp()
  fleet = await startTestFleet(app, {
    count: 2,
    models: ['CAP-1200'],
    captiveTimings: { checkIntervalSeconds: 0.2, pingIntervalSeconds: 0.2 },
  })
  ;[first, second] = fleet.devices as [VirtualDevice, VirtualDevice]
  const account = await signedInAccount(app)
  owner = account.token
  gid = await rootProjectOf(app, owner)
  const ids = [await bindDevice(app, owner, first.mac, gid), await bindDevice(app, owner, second.mac, gid)]
  const design = await designGuestPortal(app, owner, { blocked: BLOCKED, trusted: TRUSTED })
  // Listening before the portals are set: the devices are told this address as their auth server.
  await app.http.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(app.http.server.address() as AddressInfo).port}`
  for (const id of ids) await portalOnVap1(app, owner, id, design)
})
afterAll(async () => {
  await fleet.stop()
  await app.close()
})

describe('the captive page (login/)', () => {
  it("is rendered in the guest's language, whole, under 50 KB, with the page's design and its methods", async () => {
    const response = await fetch(loginUrl(first, mac(1)), {
      headers: { 'accept-language': 'es-MX,es;q=0.9' },
    })
    expect(response.status).toBe(200)
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(bytes.length).toBeLessThan(50 * 1024)
    const page = bytes.toString('utf8')
    expect(page).toContain('<html lang="es">')
    expect(page).toContain('Lobby')
    expect(page).toContain('Sea amable.')
    expect(page).toContain('Acepto las condiciones de uso')
    expect(page).toContain('name="password"')
    expect(page).not.toContain('<script')
    const chinese = await (await fetch(loginUrl(first, mac(1), '&lang=zh-cn'))).text()
    expect(chinese).toContain('请文明上网。')
    expect(chinese).toContain('会员登录')
  })

  it('answers a broken or unknown gateway with a page, never a 500', async () => {
    expect((await fetch(loginUrl(first, 'nonsense'))).status).toBe(400)
    const unknown = loginUrl(first, mac(1)).replace(first.thing, 'cnp-0000000000ff')
    expect((await fetch(unknown)).status).toBe(404)
    expect(
      (await fetch(`${loginUrl(first, mac(1))}&gw_port=99999`.replace('gw_port=2060&', ''))).status,
    ).toBe(400)
  })

  it('refuses a black-listed MAC, and lets a white-listed one through to the gateway without a page', async () => {
    expect((await fetch(loginUrl(first, BLOCKED))).status).toBe(403)
    expect((await form(first, BLOCKED, { method: 'click', agree: '1' })).status).toBe(403)
    const token = tokenOf(await fetch(loginUrl(first, TRUSTED), { redirect: 'manual' }))
    expect(await gatewayAnswer(authUrl(first, 'login', TRUSTED, token))).toBe('Auth: 1')
  })
})

describe('the virtual AP enforces its portal (the simulator as a wifidog gateway)', () => {
  it('sends a new guest to the page, lets it through with the token, and drops it once kicked off', async () => {
    const gateway = await eventually(
      async () => first.gateway.url,
      (url) => url !== undefined,
    )
    const guest = { 'x-client-mac': mac(9) }
    // Not let in yet: the gateway sends the browser to the cloud's login page, naming itself
    const held = await fetch(`${gateway}news`, { headers: guest, redirect: 'manual' })
    expect(held.status).toBe(302)
    const login = new URL(held.headers.get('location')!)
    expect(`${login.origin}${login.pathname}`).toBe(`${base}/portal/wifidog/login/`)
    expect(login.searchParams.get('gw_id')).toBe(first.thing)
    expect(login.searchParams.get('mac')).toBe(mac(9).toLowerCase())
    // the guest clicks through; the cloud sends it back to the gateway with a token
    const accepted = await fetch(`${base}/portal/wifidog/login/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...Object.fromEntries(login.searchParams), method: 'click', agree: '1' }),
    })
    const onward = await fetch(accepted.headers.get('location')!, { headers: guest, redirect: 'manual' })
    expect(onward.status).toBe(302)
    expect(onward.headers.get('location')).toContain('/portal/wifidog/portal/')
    const through = await fetch(`${gateway}news`, { headers: guest, redirect: 'manual' })
    expect(through.status).toBe(200)
    // kicked off: at its next check the gateway holds the guest again
    const [session] = (await ok<{ list: GuestDetail[] }>('portal/detail/list', { mac: mac(9) })).list
    await ok('portal/detail/kick', { id: session!.id })
    await eventually(
      async () => (await fetch(`${gateway}news`, { headers: guest, redirect: 'manual' })).status,
      (status) => status === 302,
    )
  })
})

describe('WiFiDog v1: login, auth stages, ping, portal', () => {
  it('click-through: the terms must be accepted; then the token passes login and counters stages', async () => {
    const guest = mac(2)
    const refused = await form(first, guest, { method: 'click' })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('Accept the terms of use to connect')
    const token = tokenOf(await form(first, guest, { method: 'click', agree: '1' }))
    expect(await gatewayAnswer(authUrl(first, 'login', guest, token))).toBe('Auth: 1')
    expect(await gatewayAnswer(authUrl(first, 'counters', guest, token, 5000, 700))).toBe('Auth: 1')
    // a token is its gateway's and its client's
    expect(await gatewayAnswer(authUrl(first, 'counters', mac(3), token))).toBe('Auth: 0')
    expect(await gatewayAnswer(authUrl(second, 'counters', guest, token))).toBe('Auth: 0')
    expect(await gatewayAnswer(authUrl(first, 'counters', guest, 'no-such-token'))).toBe('Auth: 0')
    const [row] = (
      await app.database.db.execute<{ incoming_bytes: number; method: string; status: string }>(
        sql`select incoming_bytes, method, status from portal_guest_sessions where token = ${token}`,
      )
    ).rows
    expect({ ...row, incoming_bytes: Number(row!.incoming_bytes) }).toMatchObject({
      incoming_bytes: 5000,
      method: 'click',
      status: 'active',
    })
  })

  it('answers ping with Pong and portal/ with the guide address', async () => {
    const ping = `${base}/portal/wifidog/ping/?gw_id=${first.thing}&sys_uptime=742725&sys_memfree=2604&sys_load=0.03&wifidog_uptime=3861`
    expect(await gatewayAnswer(ping)).toBe('Pong')
    const onward = await fetch(`${base}/portal/wifidog/portal/?gw_id=${first.thing}`, { redirect: 'manual' })
    expect(onward.status).toBe(302)
    expect(onward.headers.get('location')).toBe(GUIDE)
  })

  it('member login: a wrong password and an unknown account get the same answer; the right one a token', async () => {
    const guest = mac(4)
    const wrong = await form(first, guest, { method: 'member', account: 'alice', password: 'nopenope1' })
    const unknown = await form(first, guest, {
      method: 'member',
      account: 'nobody-here',
      password: 'nopenope1',
    })
    expect(wrong.status).toBe(403)
    expect(unknown.status).toBe(wrong.status)
    expect(await unknown.text()).toBe(await wrong.text())
    const token = tokenOf(
      await form(first, guest, { method: 'member', account: 'alice', password: 'alicepass1' }),
    )
    expect(await gatewayAnswer(authUrl(first, 'login', guest, token))).toBe('Auth: 1')
    // A NUL (which no account holds and the database refuses) is a failed login, not a 500.
    const nul = await form(first, guest, { method: 'member', account: 'ali\u0000ce', password: 'alicepass1' })
    expect(nul.status).toBe(wrong.status)
    expect(await gatewayAnswer(authUrl(first, 'login', guest, `${token}\u0000`))).toBe('Auth: 0')
  })

  it('remembers a guest within the validity; ends a session at its length and at logout', async () => {
    const guest = mac(5)
    const token = tokenOf(await form(first, guest, { method: 'click', agree: '1' }))
    expect(await gatewayAnswer(authUrl(first, 'login', guest, token))).toBe('Auth: 1')
    // the session length passed: the gateway's next counters end it
    await app.database.db.execute(
      sql`update portal_guest_sessions set session_ends_at = now() - interval '1 second' where token = ${token}`,
    )
    expect(await gatewayAnswer(authUrl(first, 'counters', guest, token))).toBe('Auth: 0')
    // within its validity the guest is let in again without the page
    const again = tokenOf(await fetch(loginUrl(first, guest), { redirect: 'manual' }))
    expect(await gatewayAnswer(authUrl(first, 'login', guest, again))).toBe('Auth: 1')
    expect(await gatewayAnswer(authUrl(first, 'logout', guest, again))).toBe('Auth: 0')
    expect(await gatewayAnswer(authUrl(first, 'counters', guest, again))).toBe('Auth: 0')
    // past the validity: asked again
    await app.database.db.execute(
      sql`update portal_guest_sessions set expires_at = now() - interval '1 second' where client_mac = ${guest}`,
    )
    expect((await fetch(loginUrl(first, guest), { redirect: 'manual' })).status).toBe(200)
  })

  it("group roaming: a guest of one device is let in on the project's other device only while it roams", async () => {
    const guest = mac(6)
    const token = tokenOf(await form(first, guest, { method: 'click', agree: '1' }))
    expect(await gatewayAnswer(authUrl(first, 'login', guest, token))).toBe('Auth: 1')
    expect((await fetch(loginUrl(second, guest), { redirect: 'manual' })).status).toBe(200)
    await ok('device/auth/roam/set', { gid, enabled: true })
    const roamed = tokenOf(await fetch(loginUrl(second, guest), { redirect: 'manual' }))
    expect(await gatewayAnswer(authUrl(second, 'login', guest, roamed))).toBe('Auth: 1')
    await ok('device/auth/roam/set', { gid, enabled: false })
  })

  it('shows who authenticated in the details, exports them, and a kick-off ends the session at the next counters', async () => {
    const guest = mac(8)
    const token = tokenOf(
      await form(first, guest, { method: 'member', account: 'alice', password: 'alicepass1' }),
    )
    expect(await gatewayAnswer(authUrl(first, 'login', guest, token))).toBe('Auth: 1')
    expect(await gatewayAnswer(authUrl(first, 'counters', guest, token, 4096, 1024))).toBe('Auth: 1')
    const { total, list } = await ok<{ total: number; list: GuestDetail[] }>('portal/detail/list', {
      mac: guest.slice(-5).toLowerCase(),
    })
    expect(total).toBe(1)
    expect(list[0]).toMatchObject({
      client_mac: guest,
      client_ip: '192.168.10.23',
      device_mac: first.mac,
      target: 'vap1',
      method: 'member',
      account: 'alice',
      status: 'active',
      incoming_bytes: 4096,
      outgoing_bytes: 1024,
    })
    expect(list[0]!.expires_at).not.toBeNull()
    const csv = await app.call<string>({
      path: '/backend/portal/detail/export',
      token: owner,
      query: { method: 'member', status: 'active' },
    })
    expect(csv.raw.headers['content-type']).toContain('text/csv')
    expect(csv.raw.body).toContain(guest)
    // another tenant neither sees nor kicks the guest
    const stranger = (await signedInAccount(app)).token
    const theirs = await app.ok<{ total: number }>({
      method: 'POST',
      path: '/backend/portal/detail/list',
      token: stranger,
      body: {},
    })
    expect(theirs.total).toBe(0)
    const refused = await app.call({
      method: 'POST',
      path: '/backend/portal/detail/kick',
      token: stranger,
      body: { id: list[0]!.id },
    })
    expect(refused.envelope.status).toBe(ErrorCode.NO_PERMISSION)
    expect(await gatewayAnswer(authUrl(first, 'counters', guest, token))).toBe('Auth: 1')
    await ok('portal/detail/kick', { id: list[0]!.id })
    expect(await gatewayAnswer(authUrl(first, 'counters', guest, token))).toBe('Auth: 0')
    // kicked off, the guest meets the page again
    expect((await fetch(loginUrl(first, guest), { redirect: 'manual' })).status).toBe(200)
    const [after] = (await ok<{ list: GuestDetail[] }>('portal/detail/list', { mac: guest })).list
    expect(after).toMatchObject({ status: 'ended', end_reason: 'kicked' })
  })

  it('limits logins per guest device of a gateway: the 11th in a minute is refused with 429', async () => {
    const answers: number[] = []
    for (let n = 0; n < 11; n++)
      answers.push((await form(first, mac(7), { method: 'member', account: 'x', password: 'y' })).status)
    expect(answers.slice(0, 10).every((status) => status === 403)).toBe(true)
    expect(answers[10]).toBe(429)
  })
})
