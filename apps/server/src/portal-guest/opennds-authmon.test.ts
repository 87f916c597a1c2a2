import { createCipheriv, createHash, randomBytes } from 'node:crypto'
import type { VirtualDevice } from '@canopy/simulator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operatorCall } from '../../test/devices'
import { GUIDE, guestDetails, MEMBER, openNdsGuestApp } from '../../test/guest-portal-setup'
import type { TestApp } from '../../test/test-app'
import { fasToken } from './opennds-fas-query'

/**
 * openNDS FAS level 3 as a gateway behind NAT meets it: the guest's `fas` and `iv` encrypted as
 * openNDS 9.10 encrypts them (PHP's openssl_encrypt; opennds.real.test.ts drives a real one),
 * the login queued, and authmon's polls (`clear`, `view`, the acknowledgement, `list`) posted as
 * post-request.php posts them. Refusals are counted in the operator metrics.
 */
const FASKEY = 'canopyLevel3Key'
let app: TestApp
let close: (() => Promise<void>) | undefined
let device: VirtualDevice
let owner: string
let base: string

const GATEWAY_NAME = () => `${device.thing}%20Node%3a0242ac110002%20`
const GATEWAY_HASH = () => createHash('sha256').update(GATEWAY_NAME()).digest('hex')
const hidOf = (n: number) => n.toString(16).padStart(64, 'b')
const mac = (n: number) => `02:dd:00:00:01:${n.toString(16).padStart(2, '0')}`

/** openNDS's level-3 query: base64(openssl_encrypt(fields, aes-256-cbc, faskey, 0, iv)), iv 16 hex. */
function encrypted(client: { mac: string; hid: string }, faskey = FASKEY): { fas: string; iv: string } {
  const fields = [
    `hid=${client.hid}`,
    'clientip=10.20.0.33',
    `clientmac=${client.mac}`,
    'client_type=cpd_can',
    `gatewayname=${GATEWAY_NAME()}`,
    'gatewayurl=http%3a%2f%2fstatus.client',
    'version=9.10.0',
    'gatewayaddress=10.20.0.1:2050',
    'gatewaymac=0242ac110002',
    'authdir=opennds_auth',
    'originurl=http%3a%2f%2fneverssl.com%2f',
    'clientif=br-lan',
    'themespec=(null)',
  ].join(', ')
  const iv = createHash('sha256').update(randomBytes(8)).digest('hex').slice(0, 16)
  const key = Buffer.alloc(32)
  Buffer.from(faskey).copy(key)
  const cipher = createCipheriv('aes-256-cbc', key, Buffer.from(iv, 'latin1'))
  const once = Buffer.concat([cipher.update(fields, 'utf8'), cipher.final()]).toString('base64')
  return { fas: Buffer.from(once).toString('base64'), iv }
}
const arrive = (query: Record<string, string>) =>
  fetch(`${base}/portal/opennds/?${new URLSearchParams(query)}`, { redirect: 'manual' })
const post = (fields: Record<string, string>) =>
  fetch(`${base}/portal/opennds/`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })
/** authmon's poll, as post-request.php sends it: the payload base64. */
const poll = (action: string, payload = 'none', gatewayhash = GATEWAY_HASH()) =>
  post({ auth_get: action, gatewayhash, payload: Buffer.from(payload).toString('base64') })
const metrics = async () =>
  (
    await operatorCall<{
      guests: { openNds: { refusals: Record<string, number>; polls: Record<string, number> } }
    }>(app, 'GET', '/operator/metrics')
  ).envelope.data.guests.openNds

beforeAll(async () => {
  ;({ app, base, device, owner, close } = await openNdsGuestApp(FASKEY, {
    blocked: '02:DD:00:00:01:FF',
    trusted: '02:DD:00:00:01:FE',
  }))
})
afterAll(async () => {
  await close?.()
})

describe('openNDS FAS level 3 (authmon)', () => {
  it('queues a member who logs in; authmon lists them, acknowledges, and the waiting page moves on', async () => {
    const client = { mac: mac(1), hid: hidOf(1) }
    const query = encrypted(client)
    const before = (await metrics()).polls
    expect((await poll('clear')).status).toBe(200)
    const page = await arrive(query)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(`name="iv" value="${query.iv}"`)
    expect(html).toContain('Lobby')

    const login = await post({ ...query, method: 'member', ...MEMBER })
    expect(login.status).toBe(200)
    const waiting = await login.text()
    const refresh = /http-equiv="refresh" content="2;url=([^"]+)"/.exec(waiting)![1]!.replaceAll('&#38;', '&')
    expect(refresh).toContain('wait=1')
    // not taken yet: the browser keeps waiting
    expect((await fetch(`${base}${refresh}`, { redirect: 'manual' })).status).toBe(200)

    const rhid = fasToken(client.hid, FASKEY)
    const listed = await (await poll('view')).text()
    // the strategy's 60-minute session, no rate or quota of its own
    expect(listed).toBe(`* ${encodeURIComponent(`${rhid} 60 0 0 0 0`)}`)
    expect(await (await poll('view', `* ${rhid}`)).text()).toBe('ack')
    expect(await (await poll('view')).text()).toBe('*')

    const onward = await fetch(`${base}${refresh}`, { redirect: 'manual' })
    expect(onward.status).toBe(302)
    expect(onward.headers.get('location')).toBe(GUIDE)
    const list = await guestDetails(app, owner, client.mac.toUpperCase())
    expect(list[0]).toMatchObject({ method: 'member', status: 'active', client_ip: '10.20.0.33' })
    expect((await metrics()).polls).toEqual({
      clear: before.clear! + 1,
      view: before.view! + 2,
      ack: before.ack! + 1,
      list: before.list,
    })
  })

  it('`list` hands a guest out once; `clear` drops what waited', async () => {
    const first = { mac: mac(2), hid: hidOf(2) }
    await post({ ...encrypted(first), method: 'click', agree: '1' })
    const listed = await (await poll('list')).text()
    expect(listed).toContain(fasToken(first.hid, FASKEY))
    expect(await (await poll('list')).text()).toBe('*')

    const second = { mac: mac(3), hid: hidOf(3) }
    await post({ ...encrypted(second), method: 'click', agree: '1' })
    expect((await poll('clear')).status).toBe(200)
    expect(await (await poll('view')).text()).toBe('*')
  })

  it('counts what it refuses: a wrong key, a bad gatewayhash, a poll that is not authmon’s, a flood', async () => {
    const before = (await metrics()).refusals
    const wrongKey = await arrive(encrypted({ mac: mac(4), hid: hidOf(4) }, 'someOtherKey99'))
    expect(wrongKey.status).toBe(400)
    expect((await poll('view', 'none', 'not-a-hash')).status).toBe(400)
    expect((await poll('deauthed', 'client gone')).status).toBe(400)
    expect((await poll('view', '* not-an-rhid')).status).toBe(400)
    const flooding = createHash('sha256').update('a flooding gateway').digest('hex')
    const answers: number[] = []
    for (let n = 0; n < 181; n++) answers.push((await poll('view', 'none', flooding)).status)
    expect(answers.slice(0, 180).every((status) => status === 200)).toBe(true)
    expect(answers[180]).toBe(429)
    const after = (await metrics()).refusals
    expect(after['wrong-key']).toBe(before['wrong-key']! + 1)
    expect(after['bad-gatewayhash']).toBe(before['bad-gatewayhash']! + 1)
    expect(after['bad-poll']).toBe(before['bad-poll']! + 2)
    expect(after['poll-flood']).toBe(before['poll-flood']! + 1)
  })

  it('a black-listed MAC is refused at level 3 too, and nothing is queued', async () => {
    const blocked = encrypted({ mac: '02:dd:00:00:01:ff', hid: hidOf(5) })
    expect((await arrive(blocked)).status).toBe(403)
    expect((await post({ ...blocked, method: 'member', ...MEMBER })).status).toBe(403)
    expect(await (await poll('view')).text()).toBe('*')
  })
})
