import { ErrorCode } from '@canopy/shared/errors'
import { reportedSecretHash } from '@canopy/shared/protocol/credential'
import type { Fleet, VirtualDevice } from '@canopy/simulator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bindDevice, eventually, startTestFleet } from '../../../test/devices'
import { login } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { buildWorld, type World } from '../../../test/world'
import { radio2g } from './settings.probes'

let app: TestApp
let world: World
let fleet: Fleet
let token: string
const ids = new Map<VirtualDevice, number>()

beforeAll(async () => {
  app = await createTestApp()
  world = await buildWorld(app)
  // Two APs of one model, a repeater and a second AP model.
  fleet = await startTestFleet(app, { count: 6, models: ['CAP-1200', 'CAP-1200', 'CRP-300', 'CAP-3000'] })
  token = (await login(app, world.a.owner)).access_token
  for (const device of fleet.devices) ids.set(device, await bindDevice(app, token, device.mac, world.a.p1))
})
afterAll(async () => {
  await fleet.stop()
  await world.fleet.stop()
  await app.close()
})

const device = (model: string, index = 0) =>
  fleet.devices.filter((d) => d.options.profile.model === model)[index]!
const idOf = (virtual: VirtualDevice) => ids.get(virtual)!
const post = <T>(path: string, body: unknown) => app.call<T>({ method: 'POST', path, token, body })

interface SettingsState {
  sections: Array<{ section: string; status: string; reason: string | null; operation_id: number }>
  desired: Record<string, unknown>
  reported: Record<string, Record<string, unknown>>
}
const state = async (id: number) =>
  (await post<SettingsState>('/backend/device/settings', { id })).envelope.data
const sectionOf = async (id: number, section: string) =>
  (await state(id)).sections.find((row) => row.section === section)
const until = (id: number, section: string, status: string) =>
  eventually(
    () => sectionOf(id, section),
    (row) => row?.status === status,
    10_000,
  )

describe('settings through the shadow', () => {
  it('changes the 5G SSID and password: applying, then in sync; the password only ever as a hash', async () => {
    const ap = device('CAP-3000')
    const id = idOf(ap)
    const fiveG = {
      ...radio2g,
      ssid: 'Office-5G',
      channel: 44,
      bandwidth: '80',
      password: 'new-secret-55',
      maxUsers: 100,
    }
    const response = await post<{ operation_id: number }>('/backend/device/setwifi', {
      id,
      settings: { '5g': fiveG },
    })
    expect(response.envelope.status).toBe(10000)
    await until(id, 'wifi', 'in_sync')

    const settled = await state(id)
    expect(settled.reported.wifi!['5g']).toMatchObject({ ssid: 'Office-5G', channel: 44 })
    expect(JSON.stringify(settled)).not.toContain('new-secret-55')
    const wifi5 = (ap.reported.wifi as Record<string, Record<string, unknown>>)['5g']!
    expect(wifi5.passwordHash).toBe(reportedSecretHash('new-secret-55'))
    // The cloud keeps no clear secret once the device has it.
    const shadow = await app.gateway.shadows.read(id)
    expect(JSON.stringify(shadow?.state.desired)).not.toContain('new-secret-55')

    const operation = await app.call<{
      result: string
      detail: { before: unknown; after: unknown }
      targets: Array<{ status: string }>
    }>({
      path: '/backend/device/operation',
      token,
      query: { id: String(response.envelope.data.operation_id) },
    })
    expect(operation.envelope.data).toMatchObject({ result: 'success', targets: [{ status: 'success' }] })
    expect(JSON.stringify(operation.envelope.data.detail)).not.toContain('new-secret-55')
    expect(operation.envelope.data.detail.after).toMatchObject({ '5g': { ssid: 'Office-5G' } })
  })

  it('keeps a change made while the device is offline and applies it when it reconnects', async () => {
    const ap = device('CAP-1200', 1)
    const id = idOf(ap)
    await ap.stop()
    await eventually(
      async () => (await post<{ status: string }>('/backend/device/infos', { id })).envelope.data.status,
      (s) => s === 'offline',
    )
    await post('/backend/device/setsystem', { id, settings: { led: false } })
    expect((await sectionOf(id, 'system'))?.status).toBe('pending')
    await ap.start()
    await until(id, 'system', 'in_sync')
    expect((ap.reported.system as Record<string, unknown>).led).toBe(false)
  })

  it('shows a refusal as failed with the device reason, and a retry puts it right', async () => {
    const ap = device('CAP-1200')
    const id = idOf(ap)
    ap.options.failureRate = 1
    await post('/backend/device/setsystem', { id, settings: { led: false } })
    const failed = await until(id, 'system', 'failed')
    expect(failed?.reason).toMatch(/busy|supported|commit/)
    ap.options.failureRate = 0
    expect((await post('/backend/device/settings/retry', { id, section: 'system' })).envelope.status).toBe(
      10000,
    )
    await until(id, 'system', 'in_sync')
  })

  it('reverts a section to what it was before the last change', async () => {
    const ap = device('CAP-1200')
    const id = idOf(ap)
    const lanBefore = (ap.reported.network as Record<string, unknown>).lan
    await post('/backend/device/setnetwork', {
      id,
      settings: {
        lan: {
          ip: '192.168.88.1',
          mask: '255.255.255.0',
          dhcp: { enabled: true, start: '192.168.88.10', end: '192.168.88.20' },
        },
      },
    })
    await until(id, 'network', 'in_sync')
    expect((ap.reported.network as Record<string, Record<string, unknown>>).lan!.ip).toBe('192.168.88.1')
    await post('/backend/device/settings/revert', { id, section: 'network' })
    await until(id, 'network', 'in_sync')
    expect((ap.reported.network as Record<string, unknown>).lan).toEqual(lanBefore)
  })

  it('holds a setting to what the model can do', async () => {
    const ap = idOf(device('CAP-1200'))
    const badChannel = await post('/backend/device/setwifi', {
      id: ap,
      settings: { '2g': { ...radio2g, channel: 14 } },
    })
    expect(badChannel.envelope.data).toEqual({
      violations: [{ field: '2g.channel', rule: 'validation.channel_tips' }],
    })
    const tooMany = await post('/backend/device/setwifi', {
      id: ap,
      settings: { '2g': { ...radio2g, maxUsers: 500 } },
    })
    expect(tooMany.envelope.data).toEqual({
      violations: [{ field: '2g.maxUsers', rule: 'validation.max_users_tips' }],
    })
    const repeaterOnAp = await post('/backend/device/setrepeater', {
      id: ap,
      settings: { enabled: true, uplink: { ssid: 'Up', band: '2g', encryption: 'none' } },
    })
    expect(repeaterOnAp.envelope.status).toBe(ErrorCode.UNSUPPORTED_FEATURE)
    const fiveGOnRepeater = await post('/backend/device/setwifi', {
      id: idOf(device('CRP-300')),
      settings: { '5g': { ...radio2g, channel: 44 } },
    })
    expect(fiveGOnRepeater.envelope.status).toBe(ErrorCode.UNSUPPORTED_FEATURE)
  })

  it('checks the §5 rules: a short password, an SSID too long in bytes, a wrong MTU', async () => {
    const id = idOf(device('CAP-1200'))
    const response = await post('/backend/device/setwifi', {
      id,
      settings: { '2g': { ...radio2g, ssid: '无线网络名称太长了不行的啊', password: 'short' } },
    })
    expect(response.envelope.data).toEqual({
      violations: [
        { field: 'settings.2g.ssid', rule: 'validation.ssid_length' },
        { field: 'settings.2g.password', rule: 'validation.wifi_pwd_length' },
      ],
    })
    const mtu = await post('/backend/device/setnetwork', {
      id,
      settings: { wan: { type: 'pppoe', mtu: 1500, vlan: 0, pppoe: { username: 'u', timeout: 5 } } },
    })
    expect(mtu.envelope.data).toEqual({
      violations: [{ field: 'settings.wan.mtu', rule: 'validation.mtu_tips' }],
    })
  })
})

describe('batch settings (§4, §5)', () => {
  it('sets WiFi on devices of one model and follows each device', async () => {
    const batch = [idOf(device('CAP-1200')), idOf(device('CAP-1200', 1))]
    const response = await post<{ operation_id: number }>('/backend/device/setwifis', {
      ids: batch,
      settings: { '2g': { ...radio2g, ssid: 'Batch-2G' } },
    })
    expect(response.envelope.status).toBe(10000)
    const progress = () =>
      app.call<{ result: string; targets: Array<{ status: string }> }>({
        path: '/backend/device/operation',
        token,
        query: { id: String(response.envelope.data.operation_id) },
      })
    const done = await eventually(progress, (answer) => answer.envelope.data.result === 'success')
    expect(done.envelope.data.targets.map((target) => target.status)).toEqual(['success', 'success'])
  })

  it('refuses mixed models and offline devices, and changes nothing', async () => {
    const mixed = await post('/backend/device/setwifis', {
      ids: [idOf(device('CAP-1200')), idOf(device('CAP-3000'))],
      settings: { '2g': radio2g },
    })
    expect(mixed.envelope.data).toEqual({ violations: [{ field: 'ids', rule: 'validation.same_model' }] })
    const offline = device('CAP-1200', 1)
    await offline.stop()
    await eventually(
      async () =>
        (await post<{ status: string }>('/backend/device/infos', { id: idOf(offline) })).envelope.data.status,
      (s) => s === 'offline',
    )
    const withOffline = await post('/backend/device/setleds', {
      ids: [idOf(device('CAP-1200')), idOf(offline)],
      led: false,
    })
    expect(withOffline.envelope.status).toBe(ErrorCode.DEVICE_OFFLINE)
    const reboot = await post('/backend/device/restarts', { ids: [idOf(device('CAP-1200')), idOf(offline)] })
    expect(reboot.envelope.status).toBe(ErrorCode.DEVICE_OFFLINE)
    await offline.start()
  })
})

describe('immediate operations', () => {
  it('reboots a device, which drops off and comes back', async () => {
    const ap = device('CAP-3000')
    const response = await post<{ operation_id: number }>('/backend/device/restart', { id: idOf(ap) })
    expect(response.envelope.status).toBe(10000)
    await eventually(
      async () => ap.online,
      (online) => !online,
      5000,
    )
    await eventually(
      async () => ap.online,
      (online) => online,
      10_000,
    )
  })

  it('reads the device log, and says to enable logging when it is off', async () => {
    const ap = device('CAP-1200')
    const id = idOf(ap)
    const log = await post<{ lines: string[] }>('/backend/device/log', { id })
    expect(log.envelope.data.lines.some((line) => line.includes('connected to'))).toBe(true)
    await post('/backend/device/setsystem', { id, settings: { logging: false } })
    await until(id, 'system', 'in_sync')
    const off = await post('/backend/device/log', { id })
    expect(off.envelope.status).toBe(ErrorCode.LOG_DISABLED)
    await post('/backend/device/setsystem', { id, settings: { logging: true } })
    await until(id, 'system', 'in_sync')
  })

  it('lists the connected clients, as many as the device reports', async () => {
    const ap = device('CAP-1200')
    await ap.reportTelemetry()
    const clients = await post<{ clients: Array<{ mac: string; ip: string; ssid: string; signal: number }> }>(
      '/backend/device/wifi/users',
      { id: idOf(ap) },
    )
    expect(clients.envelope.data.clients).toHaveLength(ap.clientCounts().reduce((sum, n) => sum + n, 0))
    for (const client of clients.envelope.data.clients) {
      expect(client).toMatchObject({
        mac: expect.stringMatching(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/),
        ip: expect.any(String),
      })
    }
  })

  it('gives the WiFi choices of the model in its region', async () => {
    const options = await post<{
      region: string
      radios: Array<{ band: string; channels: number[]; bandwidths: string[] }>
    }>('/backend/device/getwifioptions', { id: idOf(device('CAP-3000')) })
    expect(options.envelope.data.region).toBe('CN')
    expect(options.envelope.data.radios.map((radio) => radio.band)).toEqual(['2g', '5g'])
    expect(options.envelope.data.radios[0]!.channels).toContain(13)
    expect(options.envelope.data.radios[1]!.bandwidths).toContain('160')
  })

  it('refuses an offline device, and a model without the feature', async () => {
    const repeater = device('CRP-300')
    await repeater.stop()
    const id = idOf(repeater)
    await eventually(
      async () => (await post<{ status: string }>('/backend/device/infos', { id })).envelope.data.status,
      (s) => s === 'offline',
    )
    expect((await post('/backend/device/blink', { id })).envelope.status).toBe(ErrorCode.DEVICE_OFFLINE)
    await repeater.start()
  })

  it('names the accounts that see a device', async () => {
    const related = await post<Array<{ uid: number }>>('/backend/device/relation/users', {
      id: world.a.devices.inP1,
    })
    const uids = related.envelope.data.map((account) => account.uid)
    expect(uids).toContain(world.a.owner.uid)
    expect(uids).toContain(world.a.childFull.uid)
    expect(uids).not.toContain(world.a.childNone.uid)
  })
})
