import { ErrorCode } from '@canopy/shared/errors'
import type { Fleet } from '@canopy/simulator'
import { createSigner } from 'fast-jwt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bindDevice, eventually, startTestFleet } from '../../../test/devices'
import { login } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { buildWorld, type World } from '../../../test/world'
import { TOKEN_ISSUER } from '../auth/tokens'

const SECRET = 'test-secret-for-remote-management'

let app: TestApp
let world: World
let fleet: Fleet
let token: string
let deviceId: number

beforeAll(async () => {
  app = await createTestApp({ env: { SECRET } })
  world = await buildWorld(app)
  fleet = await startTestFleet(app, { count: 1, models: ['CAP-1200'] })
  token = (await login(app, world.a.owner)).access_token
  deviceId = await bindDevice(app, token, fleet.devices[0]!.mac, world.a.p1)
})
afterAll(async () => {
  await fleet.stop()
  await world.fleet.stop()
  await app.close()
})

async function openLink(service: 'web' | 'diag', as = token, id = deviceId) {
  return app.call<{ url: string; token: string; expires_in: number }>({
    method: 'POST',
    path: '/backend/device/remote',
    token: as,
    body: { id, service },
  })
}

const tunnel = (link: string, path: string, method: 'GET' | 'POST' = 'GET', payload?: string) =>
  app.http.inject({
    method,
    url: `${app.apiRoot}/remote/${encodeURIComponent(link)}/${path}`,
    ...(payload === undefined
      ? {}
      : { payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
  })

describe('remote management', () => {
  it('gives a ten-minute link to /manager1 and describes its device', async () => {
    const { envelope } = await openLink('web')
    expect(envelope.status).toBe(10000)
    expect(envelope.data.url).toBe(`/manager1?token=${encodeURIComponent(envelope.data.token)}`)
    expect(envelope.data.expires_in).toBe(600)

    const info = await app.call<{ mac: string; status: string }>({
      method: 'POST',
      path: '/remote/info',
      body: { token: envelope.data.token },
    })
    expect(info.envelope.data).toMatchObject({ mac: fleet.devices[0]!.mac, status: 'online' })
  })

  it("serves the device's own pages through its MQTT session, sandboxed", async () => {
    const link = (await openLink('web')).envelope.data.token
    const status = await tunnel(link, '')
    expect(status.statusCode).toBe(200)
    expect(status.headers['content-type']).toContain('text/html')
    // Its own CSP, not the console's: sandboxed (an opaque origin), framed by the console only.
    expect(status.headers['content-security-policy']).toBe(
      "sandbox allow-forms allow-scripts; frame-ancestors 'self'",
    )
    expect(status.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(status.headers['x-content-type-options']).toBe('nosniff')
    expect(status.headers['referrer-policy']).toBe('no-referrer')
    expect(status.body).toContain(fleet.devices[0]!.mac)
    expect(status.body).toContain('CAP-1200')

    const clients = await tunnel(link, 'clients')
    expect(clients.body).toContain('<h1>Clients</h1>')

    // The page's stylesheet (~200 KB) is more than one MQTT message can carry: it comes in chunks.
    expect(status.body).toContain('href="assets/ui.css"')
    const stylesheet = await tunnel(link, 'assets/ui.css')
    expect(stylesheet.statusCode).toBe(200)
    expect(stylesheet.headers['content-type']).toContain('text/css')
    expect(stylesheet.rawPayload.length).toBeGreaterThan(150 * 1024)
    expect(stylesheet.body.endsWith('}')).toBe(true)

    // A form posted from the page reaches the device, body and all.
    const blink = await tunnel(link, 'blink', 'POST', 'seconds=10')
    expect(blink.statusCode).toBe(200)
    expect(fleet.devices[0]!.log.last(5).join('\n')).toContain('LED blink requested')

    expect((await tunnel(link, 'no-such-page')).statusCode).toBe(404)
  })

  it('refuses a request body larger than one message can take to the device', async () => {
    const link = (await openLink('web')).envelope.data.token
    const before = fleet.devices[0]!.log.last(1000).length
    const tooLarge = await tunnel(link, 'blink', 'POST', `seconds=${'9'.repeat(70 * 1024)}`)
    expect(tooLarge.statusCode).toBe(400)
    expect(fleet.devices[0]!.log.last(1000).length).toBe(before)
  })

  it('runs diagnostics only with a diag link', async () => {
    const diag = (await openLink('diag')).envelope.data
    expect(diag.url.startsWith('/manager2?token=')).toBe(true)
    const ping = await app.call<{ output: string[] }>({
      method: 'POST',
      path: '/remote/diag',
      body: { token: diag.token, tool: 'ping', host: 'example.org' },
    })
    expect(ping.envelope.data.output[0]).toBe('PING example.org: 56 data bytes')
    expect(ping.envelope.data.output).toHaveLength(7)

    const web = (await openLink('web')).envelope.data.token
    const crossed = await app.call({
      method: 'POST',
      path: '/remote/diag',
      body: { token: web, tool: 'interfaces' },
    })
    expect(crossed.envelope.status).toBe(ErrorCode.LINK_INVALID)
    // Nor does a diagnostics link open the web pages.
    expect((await tunnel(diag.token, '')).json().status).toBe(ErrorCode.LINK_INVALID)

    const injected = await app.call({
      method: 'POST',
      path: '/remote/diag',
      body: { token: diag.token, tool: 'ping', host: '8.8.8.8; reboot' },
    })
    expect(injected.envelope.status).toBe(ErrorCode.INVALID_PARAMETER)
  })

  it('refuses a forged or expired link, and a device of another tenant', async () => {
    const forged = await tunnel('not-a-link', '')
    expect(forged.json().status).toBe(ErrorCode.LINK_INVALID)

    const signInThePast = createSigner({
      key: SECRET,
      aud: 'canopy:remote-management',
      iss: TOKEN_ISSUER,
      expiresIn: 1000,
      clockTimestamp: Date.now() - 60_000,
    })
    const expired = signInThePast({ sub: deviceId, tenant: world.a.tenantId, service: 'web' })
    expect((await tunnel(expired, '')).json().status).toBe(ErrorCode.LINK_EXPIRED)

    const otherTenant = (await login(app, world.b.owner)).access_token
    expect((await openLink('web', otherTenant)).envelope.status).toBe(ErrorCode.NO_PERMISSION)
  })

  it('refuses a link to an offline device, and an open link stops working when it goes offline', async () => {
    const link = (await openLink('web')).envelope.data.token
    await fleet.devices[0]!.stop()
    await eventually(
      () => app.call<{ status: string }>({ method: 'POST', path: '/remote/info', body: { token: link } }),
      (answer) => answer.envelope.status === ErrorCode.DEVICE_OFFLINE,
    )
    // The tunnel notices at once (nobody answers); the device list once the broker has the last will.
    await eventually(
      () => openLink('web'),
      (answer) => answer.envelope.status === ErrorCode.DEVICE_OFFLINE,
    )
    expect((await tunnel(link, '')).json().status).toBe(ErrorCode.DEVICE_OFFLINE)
  })
})
