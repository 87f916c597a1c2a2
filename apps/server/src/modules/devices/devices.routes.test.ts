import { ErrorCode } from '@canopy/shared/errors'
import { type Fleet, simulatedPassword, type VirtualDevice } from '@canopy/simulator'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bindDevice, eventually, operatorCall, silenceDevices, startTestFleet } from '../../../test/devices'
import { login, rootProjectOf, signedInAccount } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { buildWorld, type World } from '../../../test/world'
import { deviceMetricsLatest } from '../../db/schema'

let app: TestApp
let world: World
let fleet: Fleet
let ownerToken: string

beforeAll(async () => {
  app = await createTestApp()
  world = await buildWorld(app)
  fleet = await startTestFleet(app, { count: 24, models: ['CAP-1200', 'CGW-500', 'C4G-100'] })
  ownerToken = (await login(app, world.a.owner)).access_token
})
afterAll(async () => {
  await fleet.stop()
  await world.fleet.stop()
  await app.close()
})

let next = 0
/** A virtual device of this file's fleet nobody has bound yet. */
const freshDevice = () => fleet.devices[next++]!

const post = <T>(path: string, body: unknown, token = ownerToken) =>
  app.call<T>({ method: 'POST', path, token, body })
const bind = (body: Record<string, unknown>, token = ownerToken) =>
  post<{ id: number }>('/backend/device/bind', body, token)

interface ListResult {
  total: number
  list: Array<{
    id: number
    mac: string
    status: string
    gid: number
    type: string
    model: string
    name: string
    clients: number | null
    firmware: string | null
  }>
}

describe('binding a device (§2 dialog, §8 codes in order)', () => {
  it('binds with the management account and password the device reports; it shows in the list', async () => {
    const device = freshDevice()
    const bound = await bind({
      mac: device.mac,
      username: 'admin',
      password: simulatedPassword(device.mac),
      gid: String(world.a.p1),
    })
    expect(bound.envelope.status).toBe(10000)
    const list = await post<ListResult>('/backend/device/list', {
      pageIndex: 1,
      pageOffset: 10,
      keyword: device.mac,
    })
    expect(list.envelope.data.list).toEqual([
      expect.objectContaining({
        id: bound.envelope.data.id,
        mac: device.mac,
        status: 'online',
        gid: world.a.p1,
        model: device.options.profile.model,
      }),
    ])
  })

  it('defaults an empty account to admin', async () => {
    const device = freshDevice()
    const bound = await bind({
      mac: device.mac,
      username: '',
      password: simulatedPassword(device.mac),
      gid: world.a.p1,
    })
    expect(bound.envelope.status).toBe(10000)
  })

  it('binds a MAC written in any form, and finds it searched in any form', async () => {
    const device = freshDevice()
    const hex = device.mac.replace(/:/g, '')
    const bound = await bind({
      mac: hex.toLowerCase().match(/..../g)!.join('.'),
      password: simulatedPassword(device.mac),
      gid: String(world.a.p1),
    })
    expect(bound.envelope.status).toBe(10000)
    for (const keyword of [hex, hex.match(/../g)!.join('-').toLowerCase(), hex.match(/..../g)!.join('.')]) {
      const list = await post<ListResult>('/backend/device/list', { pageIndex: 1, pageOffset: 10, keyword })
      expect(
        list.envelope.data.list.map((found) => found.id),
        keyword,
      ).toEqual([bound.envelope.data.id])
    }
  })

  it('checks the dialog fields with the bind codes', async () => {
    const device = freshDevice()
    const noPassword = await bind({ mac: device.mac, password: '', gid: world.a.p1 })
    expect(noPassword.envelope.status).toBe(ErrorCode.BIND_PASSWORD_EMPTY)
    for (const mac of ['02:C1:01:00:00', '00:00:00:00:00:00', 'FF:FF:FF:FF:FF:FF', '01:00:5E:00:00:01']) {
      const badMac = await bind({ mac, password: 'x', gid: world.a.p1 })
      expect(badMac.envelope.status, mac).toBe(ErrorCode.BIND_MAC_ERROR)
    }
    const noProject = await bind({ mac: device.mac, password: 'x' })
    expect(noProject.envelope.data).toEqual({
      violations: [{ field: 'gid', rule: 'validation.project_error_in_empty' }],
    })
    next-- // unused: the next test may take it
  })

  it('refuses, in order: unknown product, unusable product, unknown device, bound device, wrong password', async () => {
    const unknownProduct = await bind({ mac: '02:AA:BB:00:00:01', password: 'x', gid: world.a.p1 })
    expect(unknownProduct.envelope.status).toBe(ErrorCode.PRODUCT_NOT_FOUND)

    await operatorCall(app, 'POST', '/operator/products', {
      model: 'LAB-1',
      name: 'Lab prototype',
      type: 'ap',
      mac_prefixes: ['02:AA:CC'],
      published: false,
    })
    const unpublished = await bind({ mac: '02:AA:CC:00:00:01', password: 'x', gid: world.a.p1 })
    expect(unpublished.envelope.status).toBe(ErrorCode.PRODUCT_NOT_USABLE)

    const unregistered = await bind({ mac: '02:C1:01:FE:FE:FE', password: 'x', gid: world.a.p1 })
    expect(unregistered.envelope.status).toBe(ErrorCode.DEVICE_NOT_FOUND)

    const device = freshDevice()
    const wrongPassword = await bind({ mac: device.mac, password: 'not-it', gid: world.a.p1 })
    expect(wrongPassword.envelope.status).toBe(ErrorCode.BIND_ERROR)
    const wrongAccount = await bind({
      mac: device.mac,
      username: 'root',
      password: simulatedPassword(device.mac),
      gid: world.a.p1,
    })
    expect(wrongAccount.envelope.status).toBe(ErrorCode.BIND_ERROR)

    await bindDevice(app, ownerToken, device.mac, world.a.p1)
    const stranger = await signedInAccount(app)
    const strangerRoot = await rootProjectOf(app, stranger.token)
    const taken = await bind(
      { mac: device.mac, password: simulatedPassword(device.mac), gid: strangerRoot },
      stranger.token,
    )
    expect(taken.envelope.status).toBe(ErrorCode.DEVICE_ALREADY_BOUND)
  })

  it('says "already bound" for a bound device, even with a wrong password', async () => {
    const device = freshDevice()
    await bindDevice(app, ownerToken, device.mac, world.a.p1)
    const stranger = await signedInAccount(app)
    const root = await rootProjectOf(app, stranger.token)
    const taken = await bind({ mac: device.mac, password: 'not-it', gid: root }, stranger.token)
    expect(taken.envelope.status).toBe(ErrorCode.DEVICE_ALREADY_BOUND)
  })

  it('says "wrong password" before "device limit reached"', async () => {
    const full = await signedInAccount(app)
    await operatorCall(app, 'POST', '/operator/tenants/device-limit', { username: full.username, limit: 1 })
    const root = await rootProjectOf(app, full.token)
    await bindDevice(app, full.token, freshDevice().mac, root)
    const over = freshDevice()
    const wrong = await bind({ mac: over.mac, password: 'not-it', gid: root }, full.token)
    expect(wrong.envelope.status).toBe(ErrorCode.BIND_ERROR)
    const right = await bind({ mac: over.mac, password: simulatedPassword(over.mac), gid: root }, full.token)
    expect(right.envelope.status).toBe(ErrorCode.DEVICE_LIMIT_REACHED)
  })

  it('lets a developer account bind an unpublished product', async () => {
    const developer = await signedInAccount(app)
    await operatorCall(app, 'POST', '/operator/accounts/developer', {
      username: developer.username,
      developer: true,
    })
    const root = await rootProjectOf(app, developer.token)
    // Known product and usable: what refuses now is that no such device registered.
    const response = await bind({ mac: '02:AA:CC:00:00:02', password: 'x', gid: root }, developer.token)
    expect(response.envelope.status).toBe(ErrorCode.DEVICE_NOT_FOUND)
  })

  it('refuses past the tenant device limit', async () => {
    const small = await signedInAccount(app)
    await operatorCall(app, 'POST', '/operator/tenants/device-limit', { username: small.username, limit: 1 })
    const root = await rootProjectOf(app, small.token)
    const first = freshDevice()
    const second = freshDevice()
    expect(
      (await bind({ mac: first.mac, password: simulatedPassword(first.mac), gid: root }, small.token))
        .envelope.status,
    ).toBe(10000)
    const over = await bind(
      { mac: second.mac, password: simulatedPassword(second.mac), gid: root },
      small.token,
    )
    expect(over.envelope.status).toBe(ErrorCode.DEVICE_LIMIT_REACHED)
    next-- // the second stays unbound
  })

  it('refuses a project outside the caller scope', async () => {
    const device = freshDevice()
    const child = (await login(app, world.a.childFull)).access_token
    const outside = await bind(
      { mac: device.mac, password: simulatedPassword(device.mac), gid: world.a.root },
      child,
    )
    expect(outside.envelope.status).toBe(ErrorCode.NO_PERMISSION)
    const inside = await bind(
      { mac: device.mac, password: simulatedPassword(device.mac), gid: world.a.p2 },
      child,
    )
    expect(inside.envelope.status).toBe(10000)
  })
})

describe('the device list', () => {
  it('pages, filters by project subtree, status, type and model, searches and sorts', async () => {
    const all = await post<ListResult>('/backend/device/list', { pageIndex: 1, pageOffset: 100 })
    expect(all.envelope.data.total).toBe(all.envelope.data.list.length)
    const firstPage = await post<ListResult>('/backend/device/list', { pageIndex: 1, pageOffset: 2 })
    expect(firstPage.envelope.data.list).toHaveLength(2)
    expect(firstPage.envelope.data.total).toBe(all.envelope.data.total)
    // A page past the end has no rows to carry the total: it is counted alone.
    const pastTheEnd = await post<ListResult>('/backend/device/list', { pageIndex: 1000, pageOffset: 2 })
    expect(pastTheEnd.envelope.data.list).toEqual([])
    expect(pastTheEnd.envelope.data.total).toBe(all.envelope.data.total)

    const subtree = await post<ListResult>('/backend/device/list', {
      pageIndex: 1,
      pageOffset: 100,
      gid: world.a.p1,
    })
    expect(subtree.envelope.data.list.every((device) => [world.a.p1, world.a.p2].includes(device.gid))).toBe(
      true,
    )
    const onlyP2 = await post<ListResult>('/backend/device/list', {
      pageIndex: 1,
      pageOffset: 100,
      gid: world.a.p2,
    })
    expect(onlyP2.envelope.data.list.every((device) => device.gid === world.a.p2)).toBe(true)
    expect(subtree.envelope.data.total).toBeGreaterThan(onlyP2.envelope.data.total)

    const gateways = await post<ListResult>('/backend/device/list', {
      pageIndex: 1,
      pageOffset: 100,
      type: 'gateway',
    })
    expect(gateways.envelope.data.list.every((device) => device.type === 'gateway')).toBe(true)
    const byModel = await post<ListResult>('/backend/device/list', {
      pageIndex: 1,
      pageOffset: 100,
      model: 'CAP-1200',
    })
    expect(byModel.envelope.data.list.every((device) => device.model === 'CAP-1200')).toBe(true)

    const byName = await post<ListResult>('/backend/device/list', {
      pageIndex: 1,
      pageOffset: 100,
      keyword: world.marker,
    })
    expect(byName.envelope.data.list.map((device) => device.id).sort()).toEqual(
      [world.a.devices.inP1, world.a.devices.inP2].sort(),
    )
    // Any case, and any part of the MAC (here without its first byte, in lower case).
    const upperName = await post<ListResult>('/backend/device/list', {
      pageIndex: 1,
      pageOffset: 100,
      keyword: world.marker.toUpperCase(),
    })
    expect(upperName.envelope.data.total).toBe(2)
    const { mac } = byName.envelope.data.list[0]!
    const byMacPart = await post<ListResult>('/backend/device/list', {
      pageIndex: 1,
      pageOffset: 100,
      keyword: mac.slice(3).toLowerCase(),
    })
    expect(byMacPart.envelope.data.list.map((device) => device.mac)).toEqual([mac])
    const sorted = await post<ListResult>('/backend/device/list', {
      pageIndex: 1,
      pageOffset: 100,
      sort: 'mac',
      order: 'asc',
    })
    const macs = sorted.envelope.data.list.map((device) => device.mac)
    expect(macs).toEqual([...macs].sort())
  })

  it("shows each device's WAN IP address from its latest report, none before one", async () => {
    const other = await signedInAccount(app)
    const root = await rootProjectOf(app, other.token)
    const [reporting, silent] = [freshDevice(), freshDevice()]
    const ids = [
      await bindDevice(app, other.token, reporting.mac, root),
      await bindDevice(app, other.token, silent.mac, root),
    ]
    await silenceDevices(app, [reporting, silent])
    const metrics = app.database.db.update(deviceMetricsLatest)
    await metrics
      .set({ telemetry: { wan: { ip: '203.0.113.7' } } })
      .where(eq(deviceMetricsLatest.deviceId, ids[0]!))
    await metrics.set({ telemetry: null }).where(eq(deviceMetricsLatest.deviceId, ids[1]!))
    const list = await post<{ list: Array<{ id: number; wan_ip: string | null }> }>(
      '/backend/device/list',
      { pageIndex: 1, pageOffset: 10, sort: 'mac', order: 'asc' },
      other.token,
    )
    expect(Object.fromEntries(list.envelope.data.list.map((device) => [device.id, device.wan_ip]))).toEqual({
      [ids[0]!]: '203.0.113.7',
      [ids[1]!]: null,
    })
  })

  it('sorts by clients either way, a device that never reported counting as none', async () => {
    const other = await signedInAccount(app)
    const root = await rootProjectOf(app, other.token)
    const bound = [freshDevice(), freshDevice(), freshDevice()]
    const ids: number[] = []
    for (const device of bound) ids.push(await bindDevice(app, other.token, device.mac, root))
    // Silence them, then give them known figures: 5 clients, 9 clients, never reported.
    await silenceDevices(app, bound)
    const [five, nine, silent] = ids as [number, number, number]
    const metrics = app.database.db.update(deviceMetricsLatest)
    await metrics.set({ clients: 5 }).where(eq(deviceMetricsLatest.deviceId, five))
    await metrics.set({ clients: 9 }).where(eq(deviceMetricsLatest.deviceId, nine))
    await metrics
      .set({ clients: null, at: null, telemetry: null })
      .where(eq(deviceMetricsLatest.deviceId, silent))
    const page = async (order: 'asc' | 'desc', pageIndex = 1, pageOffset = 10) =>
      (
        await post<ListResult>(
          '/backend/device/list',
          { pageIndex, pageOffset, sort: 'clients', order },
          other.token,
        )
      ).envelope.data.list.map((device) => device.id)
    expect(await page('desc')).toEqual([nine, five, silent])
    expect(await page('asc')).toEqual([silent, five, nine])
    expect(await page('desc', 2, 1)).toEqual([five])
  })

  it('filters by status, and by firmware version exactly', async () => {
    const other = await signedInAccount(app)
    const root = await rootProjectOf(app, other.token)
    const mine = [freshDevice(), freshDevice(), freshDevice(), freshDevice()]
    for (const device of mine) await bindDevice(app, other.token, device.mac, root)
    const macs = async (filters: Record<string, string>) =>
      (
        await post<ListResult>(
          '/backend/device/list',
          { pageIndex: 1, pageOffset: 100, ...filters },
          other.token,
        )
      ).envelope.data.list
        .map((device) => device.mac)
        .sort()

    const [gone, ...staying] = mine as [VirtualDevice, ...VirtualDevice[]]
    await gone.stop()
    expect(
      await eventually(
        () => macs({ status: 'offline' }),
        (found) => found.length > 0,
      ),
    ).toEqual([gone.mac])
    expect(await macs({ status: 'online' })).toEqual(staying.map((device) => device.mac).sort())

    // The versions the devices reported, each matched exactly: what the console's select offers.
    const listed = (
      await post<ListResult>('/backend/device/list', { pageIndex: 1, pageOffset: 100 }, other.token)
    ).envelope.data.list
    const versions = [...new Set(listed.map((device) => device.firmware))]
    expect(versions.length).toBeGreaterThan(1)
    for (const version of versions) {
      expect(version).toMatch(/^\d+\.\d+\.\d+$/)
      const expected = listed.filter((device) => device.firmware === version).map((device) => device.mac)
      expect(await macs({ firmware: version! })).toEqual(expected.sort())
    }
    // A version's prefix is not a version.
    expect(await macs({ firmware: versions[0]!.split('.').slice(0, 2).join('.') })).toEqual([])

    // The filters' catalogue offers each model's versions among the caller's devices, no others.
    const products = (
      await app.call<Array<{ model: string; firmware: string[] }>>({
        path: '/backend/device/types',
        token: other.token,
      })
    ).envelope.data
    for (const product of products) {
      const runs = listed.filter((device) => device.model === product.model && device.firmware)
      const expected = [...new Set(runs.map((device) => device.firmware))].sort()
      expect([...product.firmware].sort(), product.model).toEqual(expected)
    }
    expect(products.some((product) => product.firmware.length > 0)).toBe(true)
  })

  it('shows a child only the devices of its scope', async () => {
    const child = (await login(app, world.a.childFull)).access_token
    const list = await post<ListResult>('/backend/device/list', { pageIndex: 1, pageOffset: 100 }, child)
    expect(list.envelope.data.list.length).toBeGreaterThan(0)
    expect(list.envelope.data.list.every((device) => [world.a.p1, world.a.p2].includes(device.gid))).toBe(
      true,
    )
    const rootFilter = await post(
      '/backend/device/list',
      { pageIndex: 1, pageOffset: 10, gid: world.a.root },
      child,
    )
    expect(rootFilter.envelope.status).toBe(ErrorCode.NO_PERMISSION)
  })

  it('shows a device going offline and coming back within seconds', async () => {
    const device = freshDevice()
    const id = await bindDevice(app, ownerToken, device.mac, world.a.p1)
    const status = async () =>
      (await post<{ status: string }>('/backend/device/infos', { id })).envelope.data.status
    device.drop()
    await eventually(status, (value) => value === 'offline')
    await device.reboot(0)
    await eventually(status, (value) => value === 'online')
  })

  it('keeps a dropped device offline when its last report is written after its last will', async () => {
    const device = freshDevice()
    const id = await bindDevice(app, ownerToken, device.mac, world.a.p1)
    const status = async () =>
      (await post<{ status: string }>('/backend/device/infos', { id })).envelope.data.status
    await app.gateway.ingest.flush()
    // A report arrives and waits for the next flush; then the device drops.
    app.gateway.ingest.handle(
      device.thing,
      Buffer.from(JSON.stringify({ ts: 1, uptime: 5, cpu: 1, mem: 2, clients: 0 })),
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    device.drop()
    await eventually(status, (value) => value === 'offline')
    await app.gateway.ingest.flush()
    expect(await status()).toBe('offline')
    await device.reboot(0)
    await eventually(status, (value) => value === 'online')
  })
})

describe('unbinding, deleting and moving devices', () => {
  it('unbinds: the device leaves the tenant and can be bound by someone else', async () => {
    const device = freshDevice()
    const id = await bindDevice(app, ownerToken, device.mac, world.a.p1)
    expect((await post('/backend/device/unbind', { ids: [id] })).envelope.status).toBe(10000)
    const other = await signedInAccount(app)
    const root = await rootProjectOf(app, other.token)
    expect(await bindDevice(app, other.token, device.mac, root)).toBe(id)
  })

  it('refuses to delete online devices, and deletes offline ones', async () => {
    const device = freshDevice()
    const id = await bindDevice(app, ownerToken, device.mac, world.a.p1)
    const online = await post('/backend/device/deletes', { ids: [id] })
    expect(online.envelope.status).toBe(ErrorCode.DEVICE_ONLINE)
    await device.stop()
    await eventually(
      async () => (await post<{ status: string }>('/backend/device/infos', { id })).envelope.data.status,
      (status) => status === 'offline',
    )
    expect((await post('/backend/device/deletes', { ids: [id] })).envelope.status).toBe(10000)
    expect((await post('/backend/device/infos', { id })).envelope.status).toBe(ErrorCode.NO_PERMISSION)
  })

  it('moves devices to another project; a batch naming a foreign device moves nothing', async () => {
    const mixed = await post('/backend/device/transgroup', {
      ids: [world.a.devices.inP1, 999_999],
      gid: world.a.p2,
    })
    expect(mixed.envelope.status).toBe(ErrorCode.NO_PERMISSION)
    expect(
      (await post<{ gid: number }>('/backend/device/infos', { id: world.a.devices.inP1 })).envelope.data.gid,
    ).toBe(world.a.p1)
    expect(
      (await post('/backend/device/transgroup', { ids: [world.a.devices.inP1], gid: world.a.p2 })).envelope
        .status,
    ).toBe(10000)
    expect(
      (await post<{ gid: number }>('/backend/device/infos', { id: world.a.devices.inP1 })).envelope.data.gid,
    ).toBe(world.a.p2)
  })

  it('refuses to delete a project that has devices', async () => {
    const response = await app.call({
      path: '/backend/workgroup/delete',
      token: ownerToken,
      query: { gid: String(world.a.p2) },
    })
    expect(response.envelope.status).toBe(ErrorCode.PROJECT_HAS_DEVICES)
  })
})

describe('the home overview', () => {
  it('counts devices by status and type, scoped to the caller', async () => {
    const stats = await app.call<{
      total: number
      online: number
      by_type: Array<{ type: string; total: number }>
    }>({
      path: '/backend/device/statistics',
      token: ownerToken,
    })
    const list = await post<ListResult>('/backend/device/list', { pageIndex: 1, pageOffset: 100 })
    expect(stats.envelope.data.total).toBe(list.envelope.data.total)
    expect(stats.envelope.data.by_type.reduce((sum, row) => sum + row.total, 0)).toBe(
      stats.envelope.data.total,
    )
    const stranger = await signedInAccount(app)
    const theirs = await app.call<{ total: number }>({
      path: '/backend/device/statistics',
      token: stranger.token,
    })
    expect(theirs.envelope.data.total).toBe(0)
  })

  it('charts online clients per sample, from the devices telemetry', async () => {
    await app.gateway.ingest.flush()
    await app.services.housekeeping.sampleClients()
    const chart = await post<{ points: Array<{ at: string; clients: number }> }>(
      '/backend/user/statistics/clients/onlines',
      { hours: 1 },
    )
    expect(chart.envelope.data.points.length).toBeGreaterThan(0)
  })
})
