import type { AddressInfo } from 'node:net'
import type { GuestDetail } from '@canopy/shared/validation'
import type { Fleet, VirtualDevice } from '@canopy/simulator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bindDevice, startTestFleet } from '../../test/devices'
import { rootProjectOf, signedInAccount } from '../../test/factories'
import { startSmsStandIn } from '../../test/sms-stand-in'
import { createTestApp, type TestApp } from '../../test/test-app'

/**
 * SMS codes on the captive page, as a guest's phone posts the WiFiDog login form over real HTTP:
 * the SMS stand-in receives the code, §9's quotas refuse on the page, a code is good only on its
 * tenant's gateways, and the guest is recorded with the phone masked.
 */
let app: TestApp
let fleet: Fleet
let standIn: Awaited<ReturnType<typeof startSmsStandIn>>
let base: string
let owners: string[]
let ours: VirtualDevice
let theirs: VirtualDevice

const mac = (n: number) => `02:CC:00:00:00:${n.toString(16).padStart(2, '0').toUpperCase()}`
const phone = (n: number) => `1380000${String(n).padStart(4, '0')}`

function post(device: VirtualDevice, guest: string, fields: Record<string, string>, language = 'en-us') {
  return fetch(`${base}/portal/wifidog/login/`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': language },
    body: new URLSearchParams({
      gw_id: device.thing,
      gw_address: '192.168.10.1',
      gw_port: '2060',
      mac: guest,
      ip: '192.168.10.40',
      url: 'http://neverssl.com/',
      ssid: 'vap1',
      method: 'sms',
      ...fields,
    }),
  })
}
const sendCode = (device: VirtualDevice, guest: string, number: string) =>
  post(device, guest, { step: 'send', phone: number })
const enterCode = (device: VirtualDevice, guest: string, number: string, code: string) =>
  post(device, guest, { step: 'verify', phone: number, code })
/** The code the stand-in received last for this phone. */
const codeFor = (number: string) => standIn.received.filter((sms) => sms.to === number).at(-1)?.code

async function methods(owner: string, overrides: Record<string, unknown>) {
  await app.ok({
    method: 'POST',
    path: '/backend/portal/method/save',
    token: owner,
    body: {
      noauth_enabled: false,
      terms: { 'en-us': '', 'zh-cn': '', es: '' },
      member_enabled: false,
      sms_enabled: true,
      sms_daily_total: 1000,
      sms_phone_period: 'five_minutes',
      sms_phone_max: 5,
      sms_client_max: 3,
      ...overrides,
    },
  })
}

/** A tenant of its own binding `device`, its vap1 on a portal with the SMS method. */
async function tenantWith(device: VirtualDevice): Promise<string> {
  const { token: owner } = await signedInAccount(app)
  const ok = <T>(path: string, body: unknown) =>
    app.ok<T>({ method: 'POST', path: `/backend/${path}`, token: owner, body })
  const id = await bindDevice(app, owner, device.mac, await rootProjectOf(app, owner))
  const { id: pageId } = await ok<{ id: number }>('portal/page/add', {
    display_type: 'text',
    title: 'Cafe',
    tips: 'Log in with your phone',
    guide_url: 'https://example.com/cafe',
    scheme: 'blue',
  })
  const { id: strategyId } = await ok<{ id: number }>('portal/strategy/add', {
    name: `s${Date.now().toString(36)}`,
    validity_days: 1,
    session_minutes: 60,
  })
  await methods(owner, {})
  await ok('device/auth/set', {
    id,
    target: 'vap1',
    enabled: true,
    page_id: pageId,
    strategy_id: strategyId,
    methods: ['sms'],
    offline_policy: 'open',
  })
  return owner
}

beforeAll(async () => {
  standIn = await startSmsStandIn()
  // The app's SMS provider is the environment's (SMS_PROVIDER_URL): this file's worker alone.
  Object.assign(process.env, standIn.env)
  app = await createTestApp()
  fleet = await startTestFleet(app, { count: 2, models: ['CAP-1200'] })
  ;[ours, theirs] = fleet.devices as [VirtualDevice, VirtualDevice]
  await app.http.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(app.http.server.address() as AddressInfo).port}`
  owners = [await tenantWith(ours), await tenantWith(theirs)]
})
afterAll(async () => {
  await fleet.stop()
  await app.close()
  await standIn.close()
})

describe('SMS codes on the captive page', () => {
  it('offers phone → send code → code, in the guest’s language, with no script and under 50 KB', async () => {
    const response = await fetch(
      `${base}/portal/wifidog/login/?gw_address=192.168.10.1&gw_port=2060&gw_id=${ours.thing}&ip=192.168.10.40&mac=${mac(1)}&url=x&ssid=vap1`,
      { headers: { 'accept-language': 'zh-CN' } },
    )
    expect(response.status).toBe(200)
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(bytes.length).toBeLessThan(50 * 1024)
    const page = bytes.toString('utf8')
    expect(page).toContain('name="phone"')
    expect(page).toContain('发送验证码')
    expect(page).not.toContain('name="code"')
    expect(page).not.toContain('<script')

    const sent = await post(ours, mac(1), { step: 'send', phone: phone(1) }, 'es')
    expect(sent.status).toBe(200)
    const codePage = await sent.text()
    expect(codePage).toContain('Le hemos enviado un código al teléfono.')
    expect(codePage).toContain('name="code"')
    expect(codePage).toContain(`value="${phone(1)}"`)
    expect(Buffer.byteLength(codePage)).toBeLessThan(50 * 1024)
  })

  it('lets the guest in with the code the stand-in received; the details show the phone masked', async () => {
    const guest = mac(2)
    expect((await sendCode(ours, guest, phone(2))).status).toBe(200)
    const code = codeFor(phone(2))!
    expect(code).toMatch(/^\d{6}$/)
    const wrong = code === '000000' ? '000001' : '000000'
    const refused = await enterCode(ours, guest, phone(2), wrong)
    expect(refused.status).toBe(403)
    const again = await refused.text()
    expect(again).toContain('The code is wrong or has expired')
    expect(again).toContain('name="code"')

    const admitted = await enterCode(ours, guest, phone(2), code)
    expect(admitted.status).toBe(302)
    const location = new URL(admitted.headers.get('location')!)
    expect(`${location.host}${location.pathname}`).toBe('192.168.10.1:2060/wifidog/auth')
    const token = location.searchParams.get('token')!
    const auth = await fetch(
      `${base}/portal/wifidog/auth/?stage=login&ip=192.168.10.40&mac=${guest}&token=${token}&incoming=0&outgoing=0&gw_id=${ours.thing}`,
    )
    expect(await auth.text()).toBe('Auth: 1')
    // A code is used once.
    expect((await enterCode(ours, mac(3), phone(2), code)).status).toBe(403)

    const { list } = await app.ok<{ total: number; list: GuestDetail[] }>({
      method: 'POST',
      path: '/backend/portal/detail/list',
      token: owners[0]!,
      body: { mac: guest.slice(-5).toLowerCase() },
    })
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({ client_mac: guest, method: 'sms', account: '138****0002' })
    expect(JSON.stringify(list)).not.toContain(phone(2))
  })

  it('answers a broken number exactly as a good one, and sends it nothing', async () => {
    const before = standIn.received.length
    const good = await sendCode(ours, mac(4), phone(4))
    const broken = await sendCode(ours, mac(5), '12ab')
    expect(broken.status).toBe(good.status)
    const shape = (page: string) => page.replace(/value="[^"]*"/g, 'value=""')
    expect(shape(await broken.text())).toBe(shape(await good.text()))
    expect(standIn.received.length).toBe(before + 1)
  })

  it("a code of one tenant's gateway lets nobody in on another tenant's", async () => {
    expect((await sendCode(ours, mac(6), phone(6))).status).toBe(200)
    const code = codeFor(phone(6))!
    const elsewhere = await enterCode(theirs, mac(6), phone(6), code)
    expect(elsewhere.status).toBe(403)
    expect(await elsewhere.text()).toContain('The code is wrong or has expired')
    // …and is still good where it was sent.
    expect((await enterCode(ours, mac(6), phone(6), code)).status).toBe(302)
  })

  it('shows the §9 quotas’ refusals on the page: per phone, per guest device, daily total, provider down', async () => {
    await methods(owners[1]!, { sms_phone_max: 1, sms_client_max: 2, sms_daily_total: 4 })
    expect((await sendCode(theirs, mac(10), phone(10))).status).toBe(200)
    const phoneLimit = await sendCode(theirs, mac(11), phone(10))
    expect(phoneLimit.status).toBe(429)
    expect(await phoneLimit.text()).toContain('Too many codes for this phone or device')

    expect((await sendCode(theirs, mac(10), phone(11))).status).toBe(200)
    const clientLimit = await sendCode(theirs, mac(10), phone(12))
    expect(clientLimit.status).toBe(429)
    expect(await clientLimit.text()).toContain('Too many codes for this phone or device')

    standIn.state.failing = true
    const down = await sendCode(theirs, mac(12), phone(13))
    standIn.state.failing = false
    expect(down.status).toBe(503)
    expect(await down.text()).toContain('The code could not be sent')

    expect((await sendCode(theirs, mac(13), phone(14))).status).toBe(200)
    expect((await sendCode(theirs, mac(14), phone(15))).status).toBe(200)
    const daily = await sendCode(theirs, mac(15), phone(16))
    expect(daily.status).toBe(429)
    expect(await daily.text()).toContain('No more codes can be sent here today')
    expect(standIn.received.filter((sms) => sms.to === phone(16))).toHaveLength(0)
  })

  it('refuses codes once the tenant turns SMS off, and no longer offers them', async () => {
    await methods(owners[1]!, { sms_enabled: false })
    const off = await sendCode(theirs, mac(20), phone(20))
    expect(off.status).toBe(403)
    const page = await off.text()
    expect(page).toContain('This way of logging in is not available here.')
    expect(page).not.toContain('name="phone"')
  })
})
