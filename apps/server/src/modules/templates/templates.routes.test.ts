import { ErrorCode } from '@canopy/shared/errors'
import type { Fleet, VirtualDevice } from '@canopy/simulator'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bindDevice, eventually, silenceDevices, startTestFleet } from '../../../test/devices'
import { rootProjectOf, signedInAccount, uniqueName } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { childOfTenantA, type World } from '../../../test/world'
import type { DeviceTemplateState } from './template-states'
import type { TemplateView } from './templates.service'

// Issue 14, templates: §2 /maintain/tpl (admin only), §5 title and batch rules, §6 level 1 loses
// template management, §7 tpl/set and child/tpl/set, §8 "File already exists".

let app: TestApp
let owner: Awaited<ReturnType<typeof signedInAccount>>
let root: number
let fleet: Fleet
let other: Fleet
const ids = new Map<VirtualDevice, number>()

beforeAll(async () => {
  app = await createTestApp()
  owner = await signedInAccount(app)
  root = await rootProjectOf(app, owner.token)
  fleet = await startTestFleet(app, { count: 3, models: ['CAP-1200'], failureRate: 0 })
  other = await startTestFleet(app, { count: 1, models: ['CGW-500'], failureRate: 0 })
  for (const device of [...fleet.devices, ...other.devices])
    ids.set(device, await bindDevice(app, owner.token, device.mac, root))
})
afterAll(async () => {
  await fleet.stop()
  await other.stop()
  await app.close()
})

const idOf = (device: VirtualDevice) => ids.get(device)!
const post = <T>(path: string, body: unknown, token = owner.token) =>
  app.call<T>({ method: 'POST', path, token, body })
const name = () => `T${uniqueName('t').replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 25)
const ledTemplate = (led: boolean) => ({ system: { led } })
const radio = (ssid: string, password?: string) => ({
  enabled: true,
  ssid,
  hidden: false,
  channel: 0,
  bandwidth: '20',
  power: 100,
  beacon: 100,
  fragmentation: 2346,
  rts: 2347,
  shortGi: true,
  maxUsers: 32,
  isolation: false,
  encryption: password ? 'wpa2-psk' : 'none',
  ...(password ? { password } : {}),
})
async function create(settings: unknown = ledTemplate(true), token = owner.token): Promise<number> {
  const answer = await post<{ id: number }>('/backend/device/tpl/add', { name: name(), settings }, token)
  expect(answer.envelope.status).toBe(10000)
  return answer.envelope.data.id
}
const info = async (id: number) =>
  (
    await app.call<TemplateView>({
      path: '/backend/device/tpl/info',
      token: owner.token,
      query: { id: String(id) },
    })
  ).envelope
const states = async (deviceIds: number[]) =>
  (await post<DeviceTemplateState[]>('/backend/device/tpl/states', { ids: deviceIds })).envelope.data
const count = async (table: string, column: string, values: number[]) => {
  const result = await app.database.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = any(${sql.param(values)}::int[])`,
  )
  return (result.rows[0] as { n: number }).n
}
/** A child of the owner's tenant with every function on `projects`, at a level. */
function child(level: number, projects: number[]) {
  // childOfTenantA needs only the tenant's owner from a world.
  const world = { a: { owner } } as unknown as World
  return childOfTenantA(
    app,
    world,
    {
      menus: ['device', 'maintain'],
      device_functions: ['view', 'edit'],
      project_ids: projects,
    },
    level,
  )
}

describe('templates: made, listed, edited, copied, deleted', () => {
  it('lists a new template with its name and creating account; a name taken (any case) is File already exists', async () => {
    const title = name()
    const answer = await post<{ id: number }>('/backend/device/tpl/add', {
      name: title,
      settings: ledTemplate(true),
    })
    expect(answer.envelope.status).toBe(10000)
    const list = await post<{ total: number; list: TemplateView[] }>('/backend/device/tpl/list', {
      keyword: title,
    })
    expect(list.envelope.data.list).toMatchObject([{ name: title, creator: owner.username, devices: 0 }])
    const again = await post('/backend/device/tpl/add', {
      name: title.toLowerCase(),
      settings: ledTemplate(false),
    })
    expect(again.envelope.errorCode[0]).toBe(ErrorCode.FILE_EXISTS)
  })

  it('refuses a name that is not a §5 title and a template that sets nothing, writing nothing', async () => {
    const before = (await post<{ total: number }>('/backend/device/tpl/list', {})).envelope.data.total
    const badTitle = await post('/backend/device/tpl/add', {
      name: 'no spaces!',
      settings: ledTemplate(true),
    })
    expect(badTitle.envelope.status).not.toBe(10000)
    const empty = await post('/backend/device/tpl/add', { name: name(), settings: { system: {} } })
    expect(empty.envelope.status).not.toBe(10000)
    const badSsid = await post('/backend/device/tpl/add', {
      name: name(),
      settings: { wifi: { '2g': radio('x'.repeat(33)) } },
    })
    expect(badSsid.envelope.status).not.toBe(10000)
    expect((await post<{ total: number }>('/backend/device/tpl/list', {})).envelope.data.total).toBe(before)
  })

  it('never shows a password; an edit that leaves it out keeps it; a copy keeps it too', async () => {
    const id = await create({ wifi: { '2g': radio('Office', 'secret-pass-1') } })
    const shown = await info(id)
    expect(JSON.stringify(shown)).not.toContain('secret-pass-1')
    expect(shown.data.passwords).toEqual(['2g'])
    const saved = await post('/backend/device/tpl/save', {
      id,
      name: name(),
      settings: { wifi: { '2g': radio('Office2') } },
    })
    expect(saved.envelope.status).toBe(10000)
    const edited = await info(id)
    expect(edited.data).toMatchObject({ version: 2, passwords: [] })
    // encryption none now: the old WPA password has nothing to keep
    const wpa = await post('/backend/device/tpl/save', {
      id,
      name: edited.data.name,
      settings: { wifi: { '2g': { ...radio('Office3', 'secret-pass-2') } } },
    })
    expect(wpa.envelope.status).toBe(10000)
    await post('/backend/device/tpl/save', {
      id,
      name: edited.data.name,
      settings: { wifi: { '2g': { ...radio('Office4'), encryption: 'wpa2-psk' } } },
    })
    expect((await info(id)).data.passwords).toEqual(['2g'])
    const copy = await post<{ id: number }>('/backend/device/tpl/copy', { id, name: name() })
    expect((await info(copy.envelope.data.id)).data).toMatchObject({ passwords: ['2g'], version: 1 })
  })

  it('makes a template from what a device reports, without its secrets', async () => {
    const device = fleet.devices[0]!
    const answer = await post<{ id: number }>('/backend/device/tpl/add/device', {
      name: name(),
      deviceId: idOf(device),
    })
    expect(answer.envelope.status).toBe(10000)
    const made = await info(answer.envelope.data.id)
    const reported = device.reported as { wifi: { '2g': { ssid: string } } }
    expect(made.data.settings).toMatchObject({ wifi: { '2g': { ssid: reported.wifi['2g'].ssid } } })
    expect(JSON.stringify(made.data.settings)).not.toContain('password')
  })

  it('refuses to delete a template in use, and deletes one that is not', async () => {
    const device = fleet.devices[1]!
    const used = await create(ledTemplate(!(device.reported.system as { led: boolean }).led))
    expect(
      (await post('/backend/device/tpl/set', { tplId: used, ids: [idOf(device)] })).envelope.status,
    ).toBe(10000)
    const refused = await post('/backend/device/tpl/delete', { id: used })
    expect(refused.envelope.errorCode[0]).toBe(ErrorCode.TEMPLATE_IN_USE)
    expect(refused.httpStatus).toBe(409)
    expect((await info(used)).status).toBe(10000)
    const unused = await create()
    expect((await post('/backend/device/tpl/delete', { id: unused })).envelope.status).toBe(10000)
    expect((await info(unused)).errorCode[0]).toBe(ErrorCode.NO_PERMISSION)
  })
})

describe('virtual APs in a template', () => {
  const vap = (ssid: string, password?: string) => ({
    enabled: true,
    band: '2g',
    ssid,
    hidden: false,
    encryption: password ? 'wpa2-psk' : 'none',
    ...(password ? { password } : {}),
    maxUsers: 16,
    isolation: true,
    vlan: 20,
  })

  it('keeps each virtual AP with its own password (never shown), refuses a broken one by its field', async () => {
    const id = await create({ wifi: { '2g': radio('Main'), vaps: { '2': vap('Guest2', 'guest-pass-2') } } })
    const shown = await info(id)
    expect(JSON.stringify(shown)).not.toContain('guest-pass-2')
    expect(shown.data.passwords).toEqual(['vap2'])
    expect(shown.data.settings).toMatchObject({ wifi: { vaps: { '2': { ssid: 'Guest2', vlan: 20 } } } })
    // An edit of the AP that leaves the password out keeps it; another AP added beside it.
    const { password: _left, ...withoutPassword } = vap('Guest2b', 'x')
    const saved = await post('/backend/device/tpl/save', {
      id,
      name: shown.data.name,
      settings: { wifi: { vaps: { '2': withoutPassword, '3': vap('Open3') } } },
    })
    expect(saved.envelope.status).toBe(10000)
    const edited = await info(id)
    expect(edited.data).toMatchObject({ version: 2, passwords: ['vap2'] })
    expect(Object.keys((edited.data.settings.wifi as { vaps: object }).vaps).sort()).toEqual(['2', '3'])

    const broken = await post('/backend/device/tpl/save', {
      id,
      name: shown.data.name,
      settings: { wifi: { vaps: { '1': { ...vap('Bad'), vlan: 5000 } } } },
    })
    expect(broken.envelope.status).toBe(ErrorCode.INVALID_PARAMETER)
    expect(broken.envelope.data).toEqual({
      violations: [{ field: 'settings.wifi.vaps.1.vlan', rule: 'validation.vlan_tips' }],
    })
    expect((await info(id)).data.version).toBe(2)
  })

  it('applies a virtual AP to a device, which then reports it', async () => {
    const device = fleet.devices[0]!
    const ssid = `Vap${Date.now() % 100000}`
    const id = await create({ wifi: { vaps: { '3': vap(ssid, 'guest-pass-3') } } })
    const answer = await post('/backend/device/tpl/set', { tplId: id, ids: [idOf(device)] })
    expect(answer.envelope.status).toBe(10000)
    await eventually(
      () => states([idOf(device)]),
      (rows) => rows[0]?.sync === 'in_sync',
    )
    const reported = device.reported as { wifi: { vaps: Record<string, { ssid: string; vlan: number }> } }
    expect(reported.wifi.vaps['3']).toMatchObject({ ssid, vlan: 20 })
  })
})

describe('manual application (tpl/set, child/tpl/set)', () => {
  it('applies to devices through the settings sync: each shows the template, manual, in sync once it reports it', async () => {
    const targets = fleet.devices.slice(0, 2)
    const led = !(targets[0]!.reported.system as { led: boolean }).led
    const id = await create({ system: { led, timedReboot: { enabled: true, days: [0, 6], time: '04:15' } } })
    const answer = await post<{ operation_ids: number[] }>('/backend/device/tpl/set', {
      tplId: id,
      ids: targets.map(idOf),
    })
    expect(answer.envelope.status).toBe(10000)
    const settled = await eventually(
      () => states(targets.map(idOf)),
      (rows) => rows.every((row) => row.sync === 'in_sync'),
    )
    expect(settled.map((row) => [row.mode, row.template_id])).toEqual([
      ['manual', id],
      ['manual', id],
    ])
    for (const device of targets) expect((device.reported.system as { led: boolean }).led).toBe(led)
    // The device list filters on the template; another tenant naming it sees none of them.
    const listed = await post<{ total: number; list: Array<{ id: number }> }>('/backend/device/list', {
      tpl: id,
    })
    expect(listed.envelope.data.list.map((row) => row.id).sort()).toEqual(targets.map(idOf).sort())
    const stranger = await signedInAccount(app)
    const theirs = await post<{ total: number }>('/backend/device/list', { tpl: id }, stranger.token)
    expect(theirs.envelope.data.total).toBe(0)
    // A later change of the section replaces what the template set: no longer in sync with it.
    await post('/backend/device/setleds', { ids: [idOf(targets[0]!)], led: !led })
    const [changed] = await eventually(
      () => states([idOf(targets[0]!)]),
      (rows) => rows[0]?.sync === 'changed',
    )
    expect(changed!.mode).toBe('manual')
  })

  it('refuses a batch with an offline device, or WiFi to two models, and half-applies nothing', async () => {
    const wifi = await create({ wifi: { '2g': radio('Batch') } })
    const mixed = [idOf(fleet.devices[0]!), idOf(other.devices[0]!)]
    const operationsBefore = await count('job_executions', 'device_id', mixed)
    const twoModels = await post('/backend/device/tpl/set', { tplId: wifi, ids: mixed })
    expect(twoModels.envelope.errorCode[0]).toBe(ErrorCode.INVALID_PARAMETER)

    const offline = fleet.devices[2]!
    await silenceDevices(app, [offline])
    const batch = [idOf(fleet.devices[0]!), idOf(offline)]
    const led = await create(ledTemplate(true))
    const withOffline = await post('/backend/device/tpl/set', { tplId: led, ids: batch })
    expect(withOffline.envelope.errorCode[0]).toBe(ErrorCode.DEVICE_OFFLINE)
    // §4: offline devices cannot be downloaded to — not even one on its own.
    const single = await post('/backend/device/tpl/set', { tplId: led, ids: [idOf(offline)] })
    expect(single.envelope.errorCode[0]).toBe(ErrorCode.DEVICE_OFFLINE)
    const projectWide = await post('/backend/device/child/tpl/set', { tplId: led, gid: root, mode: 'manual' })
    expect(projectWide.envelope.errorCode[0]).toBe(ErrorCode.DEVICE_OFFLINE)

    expect(await count('job_executions', 'device_id', [...mixed, idOf(offline)])).toBe(operationsBefore)
    expect(await count('device_templates', 'template_id', [wifi, led])).toBe(0)
    await offline.start()
    await eventually(
      async () =>
        (await post<{ status: string }>('/backend/device/infos', { id: idOf(offline) })).envelope.data,
      (device) => device.status === 'online',
    )
  })
})

describe('who may manage and apply templates (§6)', () => {
  it('refuses a level-1 child, another tenant, and a child without the project; a level-2 child manages its own', async () => {
    const id = await create()
    const operator = await child(1, [root])
    expect((await post('/backend/device/tpl/list', {}, operator)).envelope.errorCode[0]).toBe(
      ErrorCode.NO_PERMISSION,
    )
    expect(
      (await post('/backend/device/tpl/add', { name: name(), settings: ledTemplate(true) }, operator))
        .httpStatus,
    ).toBe(403)

    const stranger = await signedInAccount(app)
    for (const [path, body] of [
      ['/backend/device/tpl/save', { id, name: name(), settings: ledTemplate(false) }],
      ['/backend/device/tpl/delete', { id }],
      ['/backend/device/tpl/set', { tplId: id, ids: [idOf(fleet.devices[0]!)] }],
      ['/backend/device/child/tpl/set', { tplId: id, gid: root, mode: 'automatic' }],
    ] as const)
      expect((await post(path, body, stranger.token)).envelope.errorCode[0], path).toBe(
        ErrorCode.NO_PERMISSION,
      )

    const { gid: elsewhere } = (
      await post<{ gid: number }>('/backend/workgroup/add', { name: uniqueName('w').slice(0, 10), pid: root })
    ).envelope.data
    const administrator = await child(2, [elsewhere])
    // The owner's template is not this child's; the root project is outside its scope.
    expect(
      (await post('/backend/device/tpl/copy', { id, name: name() }, administrator)).envelope.errorCode[0],
    ).toBe(ErrorCode.NO_PERMISSION)
    const own = await create(ledTemplate(true), administrator)
    const outside = await post(
      '/backend/device/child/tpl/set',
      { tplId: own, gid: root, mode: 'automatic' },
      administrator,
    )
    expect(outside.envelope.errorCode[0]).toBe(ErrorCode.NO_PERMISSION)
    const devicesOutside = await post(
      '/backend/device/tpl/set',
      { tplId: own, ids: [idOf(fleet.devices[0]!)] },
      administrator,
    )
    expect(devicesOutside.envelope.errorCode[0]).toBe(ErrorCode.NO_PERMISSION)
    expect(await count('project_templates', 'template_id', [own])).toBe(0)
    const list = await post<{ list: TemplateView[] }>('/backend/device/tpl/list', {}, administrator)
    expect(list.envelope.data.list.map((row) => row.id)).toEqual([own])
  })
})
