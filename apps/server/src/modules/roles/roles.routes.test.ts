import { ErrorCode } from '@canopy/shared/errors'
import type { Fleet } from '@canopy/simulator'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bindDevice, startTestFleet } from '../../../test/devices'
import { login, signedInAccount, uniqueName } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { roleDevices, roles } from '../../db/schema'
import type { RoleView } from './roles.service'

let app: TestApp
let fleet: Fleet

/** Calls as one account; `ok` insists on success and returns the data. */
function as(token: string) {
  const request = (method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>) => ({
    method,
    path,
    token,
    ...(method === 'GET' ? { query: payload as Record<string, string> } : { body: payload }),
  })
  return {
    call: <T>(...args: Parameters<typeof request>) => app.call<T>(request(...args)),
    ok: <T>(...args: Parameters<typeof request>) => app.ok<T>(request(...args)),
  }
}

// Tenant A: root ─ north ─ shop, root ─ south; devices: inNorth, inShop, inSouth, alsoSouth,
// spareNorth (moved by a test). Tenant B: one device of its own.
let owner: ReturnType<typeof as>
let tenantA: { north: number; shop: number; south: number }
let deviceOf: { inNorth: number; inShop: number; inSouth: number; alsoSouth: number; spareNorth: number }
let foreignDevice: number

beforeAll(async () => {
  app = await createTestApp()
  fleet = await startTestFleet(app, { count: 6 })
  const primary = await signedInAccount(app)
  owner = as(primary.token)
  const [root] = await owner.ok<Array<{ gid: number }>>('GET', '/backend/workgroup/all', { tree: '1' })
  const add = async (name: string, pid: number) =>
    (await owner.ok<{ gid: number }>('POST', '/backend/workgroup/add', { name, pid })).gid
  const north = await add('North', root!.gid)
  tenantA = { north, shop: await add('Shop', north), south: await add('South', root!.gid) }
  const [d0, d1, d2, d3, d4, d5] = fleet.devices.map((device) => device.mac)
  deviceOf = {
    inNorth: await bindDevice(app, primary.token, d0!, tenantA.north),
    inShop: await bindDevice(app, primary.token, d1!, tenantA.shop),
    inSouth: await bindDevice(app, primary.token, d2!, tenantA.south),
    alsoSouth: await bindDevice(app, primary.token, d3!, tenantA.south),
    spareNorth: await bindDevice(app, primary.token, d4!, tenantA.north),
  }
  const other = await signedInAccount(app)
  const [rootB] = await as(other.token).ok<Array<{ gid: number }>>('GET', '/backend/workgroup/all', {
    tree: '1',
  })
  foreignDevice = await bindDevice(app, other.token, d5!, rootB!.gid)
})
afterAll(async () => {
  await fleet.stop()
  await app.close()
})

const roleName = () => uniqueName('r').slice(0, 10)

function role(overrides: Record<string, unknown> = {}) {
  return {
    name: roleName(),
    menus: ['device', 'project'],
    device_functions: ['view'],
    project_ids: [] as number[],
    device_ids: [] as number[],
    ...overrides,
  }
}

async function addRole(overrides: Record<string, unknown> = {}) {
  return (await owner.ok<{ id: number }>('POST', '/backend/role/add', role(overrides))).id
}

const info = (id: number) => owner.ok<RoleView>('GET', '/backend/role/info', { id: String(id) })

async function storedDeviceIds(roleId: number): Promise<number[]> {
  const rows = await app.database.db.select().from(roleDevices).where(eq(roleDevices.roleId, roleId))
  return rows.map((row) => row.deviceId).sort((a, b) => a - b)
}

/** A child account bound to the given roles, signed in. */
async function childWith(roleIds: number[]) {
  const username = uniqueName('c')
  const password = 'child123'
  await owner.ok('POST', '/backend/user/child/add', {
    username,
    password,
    confirm_password: password,
    level: 2,
    role_ids: roleIds,
  })
  return as((await login(app, { username, password })).access_token)
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b)

describe('the devices a role manages', () => {
  it('adds a role with devices named one by one and counts its managed devices once each', async () => {
    // North with its sub-project Shop: inNorth, inShop, spareNorth; plus inSouth by name, and
    // inNorth named too, which is counted once.
    const id = await addRole({
      project_ids: [tenantA.north],
      device_ids: [deviceOf.inSouth, deviceOf.inNorth, deviceOf.inSouth],
    })
    const view = await info(id)
    expect(view.device_ids).toEqual(sorted([deviceOf.inSouth, deviceOf.inNorth]))
    expect(view.devices.map((device) => device.id)).toEqual(view.device_ids)
    const named = fleet.devices.find((device) => device.mac === view.devices[0]!.mac)
    expect(view.devices[0]).toEqual({ id: view.device_ids[0], mac: named!.mac, name: expect.any(String) })
    expect(view.device_count).toBe(4)
    expect(await storedDeviceIds(id)).toEqual(sorted([deviceOf.inSouth, deviceOf.inNorth]))
  })

  it('counts a role with devices only, and a role with nothing', async () => {
    const devicesOnly = await addRole({ device_ids: [deviceOf.alsoSouth] })
    const nothing = await addRole()
    expect((await info(devicesOnly)).device_count).toBe(1)
    expect((await info(nothing)).device_count).toBe(0)
    const list = await owner.ok<RoleView[]>('GET', '/backend/role/all')
    const byId = new Map(list.map((entry) => [entry.id, entry]))
    expect(byId.get(devicesOnly)).toMatchObject({ device_ids: [deviceOf.alsoSouth], device_count: 1 })
    expect(byId.get(nothing)).toMatchObject({ device_ids: [], device_count: 0 })
  })

  it('replaces the devices on save', async () => {
    const id = await addRole({ device_ids: [deviceOf.inSouth] })
    const saved = await owner.ok<RoleView>('POST', '/backend/role/save', {
      id,
      ...role({ name: (await info(id)).name, project_ids: [tenantA.shop], device_ids: [deviceOf.alsoSouth] }),
    })
    expect(saved.device_ids).toEqual([deviceOf.alsoSouth])
    expect(saved.project_ids).toEqual([tenantA.shop])
    expect(saved.device_count).toBe(2)
    expect(await storedDeviceIds(id)).toEqual([deviceOf.alsoSouth])
  })

  it('refuses another tenant’s device, on add and on save, and writes nothing', async () => {
    const name = roleName()
    const added = await owner.call('POST', '/backend/role/add', role({ name, device_ids: [foreignDevice] }))
    expect(added.envelope.status).toBe(ErrorCode.NO_PERMISSION)
    const [{ n }] = (await app.database.db
      .select({ n: count() })
      .from(roles)
      .where(eq(roles.name, name))) as [{ n: number }]
    expect(n).toBe(0)
    const unknown = await owner.call('POST', '/backend/role/add', role({ device_ids: [999_999_999] }))
    expect(unknown.envelope.status).toBe(ErrorCode.NO_PERMISSION)

    const id = await addRole({ device_ids: [deviceOf.inSouth] })
    const before = await info(id)
    const saved = await owner.call('POST', '/backend/role/save', {
      id,
      ...role({ name: `${before.name.slice(0, 9)}x`, device_ids: [deviceOf.alsoSouth, foreignDevice] }),
    })
    expect(saved.envelope.status).toBe(ErrorCode.NO_PERMISSION)
    expect(await info(id)).toEqual(before)
    expect(await storedDeviceIds(id)).toEqual([deviceOf.inSouth])
    const [{ n: foreignRows }] = (await app.database.db
      .select({ n: count() })
      .from(roleDevices)
      .where(eq(roleDevices.deviceId, foreignDevice))) as [{ n: number }]
    expect(foreignRows).toBe(0)
  })

  it('shows a child the devices its role names, beside its projects’, and no other', async () => {
    const id = await addRole({ project_ids: [tenantA.shop], device_ids: [deviceOf.inSouth] })
    const child = await childWith([id])
    const list = await child.ok<{ total: number; list: Array<{ id: number }> }>(
      'POST',
      '/backend/device/list',
      { pageIndex: 1, pageOffset: 100 },
    )
    expect(sorted(list.list.map((device) => device.id))).toEqual(sorted([deviceOf.inShop, deviceOf.inSouth]))
    expect(list.total).toBe(2)
    expect((await info(id)).device_count).toBe(2)
    // The named device is the child's; its neighbour in South is not.
    expect(
      (await child.call('POST', '/backend/device/infos', { id: deviceOf.inSouth })).envelope.status,
    ).toBe(10000)
    expect(
      (await child.call('POST', '/backend/device/infos', { id: deviceOf.alsoSouth })).envelope.status,
    ).toBe(ErrorCode.NO_PERMISSION)
  })
})

describe('guest roles (§6: a guest cannot transfer groups)', () => {
  it('refuses a guest child a move its other role grants, and nothing moves', async () => {
    const movers = await addRole({ project_ids: [tenantA.north], device_functions: ['view', 'move'] })
    const guests = await addRole({ project_ids: [tenantA.north], guest: true })
    const guest = await childWith([movers, guests])
    const move = { ids: [deviceOf.spareNorth], gid: tenantA.shop }
    const refused = await guest.call('POST', '/backend/device/transgroup', move)
    expect(refused.envelope.status).toBe(ErrorCode.NO_PERMISSION)
    const where = async () =>
      (await owner.ok<{ gid: number }>('POST', '/backend/device/infos', { id: deviceOf.spareNorth })).gid
    expect(await where()).toBe(tenantA.north)

    // The same grants without the guest role may move: the refusal was the guest rule's.
    const mover = await childWith([movers])
    expect((await mover.call('POST', '/backend/device/transgroup', move)).envelope.status).toBe(10000)
    expect(await where()).toBe(tenantA.shop)
  })
})
