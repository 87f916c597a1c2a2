import { ErrorCode } from '@canopy/shared/errors'
import { type AlarmRules, DEFAULT_ALARM_RULES } from '@canopy/shared/validation'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login, uniqueName } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { buildWorld, type World } from '../../../test/world'
import { alarmsRepository } from './alarms.repository'
import type { AlarmConfigView, AlarmView } from './alarms.service'

/**
 * The alarm routes (§7 device/alarm/*, the list and acknowledge): the §5 rules with their code
 * and no partial write, project settings inherited by devices, another tenant and children held
 * to their scope, and §6 — an account receiving alarms cannot be deleted.
 */
describe('alarm routes', () => {
  let app: TestApp
  let world: World
  let owner: string
  let ownerB: string
  let childFull: string
  let childNone: string

  const call = <T>(path: string, body: unknown, token = owner) =>
    app.call<T>({ method: 'POST', path, token, body })
  const ok = <T>(path: string, body: unknown, token = owner) =>
    app.ok<T>({ method: 'POST', path, token, body })
  const codeOf = async (path: string, body: unknown, token = owner) =>
    (await call(path, body, token)).envelope.errorCode[0]
  const configs = (target: { id?: number; gid?: number }, token = owner) =>
    ok<AlarmConfigView>('/backend/device/alarm/configs', target, token)
  const withCpu = (cpu: Partial<AlarmRules['cpu']>): AlarmRules => ({
    ...DEFAULT_ALARM_RULES,
    cpu: { ...DEFAULT_ALARM_RULES.cpu, ...cpu },
  })
  /** A fired alarm of a device, as the engine leaves it. */
  const firedAlarm = async (deviceId: number, tenantId = world.a.tenantId) => {
    const repository = alarmsRepository(app.database.db)
    const now = new Date()
    const id = await repository.openPending({
      tenantId,
      deviceId,
      category: 'cpu',
      value: 97.5,
      threshold: 90,
      pendingSince: now,
      fireAt: now,
    })
    // One open alarm per device and category: an earlier test's may be it.
    const open = id ?? (await repository.openOf(deviceId, 'cpu'))!.id
    await repository.fire([open], now)
    return open
  }

  beforeAll(async () => {
    app = await createTestApp()
    world = await buildWorld(app)
    owner = (await login(app, world.a.owner)).access_token
    ownerB = (await login(app, world.b.owner)).access_token
    childFull = (await login(app, world.a.childFull)).access_token
    childNone = (await login(app, world.a.childNone)).access_token
  }, 120_000)

  afterAll(async () => {
    await world?.fleet.stop()
    await app?.close()
  })

  it('§5: a percentage has at most 3 decimals within 0-100, intervals are 1, 3 or 5; nothing is half-written', async () => {
    const device = { id: world.a.devices.inP1 }
    const before = await configs(device)
    for (const cpu of [
      { threshold: 90.0001 },
      { threshold: 100.001 },
      { threshold: -1 },
      { threshold: '9O' as unknown as number },
    ]) {
      expect(
        await codeOf('/backend/device/alarm/set', { ...device, rules: withCpu(cpu) }),
        JSON.stringify(cpu),
      ).toBe(ErrorCode.INVALID_PARAMETER)
    }
    expect(
      await codeOf('/backend/device/alarm/set', { ...device, rules: withCpu({ interval: 2 as never }) }),
    ).toBe(ErrorCode.INVALID_PARAMETER)
    const weakSignal = { ...DEFAULT_ALARM_RULES, signal: { enabled: true, interval: 1, threshold: -141 } }
    expect(await codeOf('/backend/device/alarm/set', { ...device, rules: weakSignal })).toBe(
      ErrorCode.INVALID_PARAMETER,
    )
    expect(
      await codeOf('/backend/device/alarm/set', { id: device.id, gid: world.a.p1, rules: withCpu({}) }),
    ).toBe(ErrorCode.INVALID_PARAMETER)
    expect(await configs(device)).toEqual(before)
    await ok('/backend/device/alarm/set', { ...device, rules: withCpu({ enabled: true, threshold: 99.999 }) })
    expect((await configs(device)).rules.cpu).toEqual({ enabled: true, interval: 3, threshold: 99.999 })
    await ok('/backend/device/alarm/set', { ...device, inherit: true })
  })

  it('a project’s settings are inherited by the devices below it; a device may override, then inherit again', async () => {
    await ok('/backend/device/alarm/set', {
      gid: world.a.p1,
      rules: withCpu({ enabled: true, threshold: 70, interval: 5 }),
    })
    const inherited = await configs({ id: world.a.devices.inP2 })
    expect(inherited).toMatchObject({ rules_from: 'project', rules_gid: world.a.p1 })
    expect(inherited.rules.cpu).toEqual({ enabled: true, threshold: 70, interval: 5 })
    expect((await configs({ gid: world.a.p1 })).rules_from).toBe('own')

    await ok('/backend/device/alarm/set', { id: world.a.devices.inP2, rules: withCpu({ enabled: false }) })
    expect(await configs({ id: world.a.devices.inP2 })).toMatchObject({ rules_from: 'own' })
    await ok('/backend/device/alarm/set', { id: world.a.devices.inP2, inherit: true })
    expect((await configs({ id: world.a.devices.inP2 })).rules.cpu.threshold).toBe(70)
  })

  it('another tenant can neither read nor set A’s alarms, nor list them', async () => {
    await firedAlarm(world.a.devices.inP1)
    const device = { id: world.a.devices.inP1 }
    expect(await codeOf('/backend/device/alarm/configs', device, ownerB)).toBe(ErrorCode.NO_PERMISSION)
    expect(await codeOf('/backend/device/alarm/set', { ...device, rules: withCpu({}) }, ownerB)).toBe(
      ErrorCode.NO_PERMISSION,
    )
    expect(await codeOf('/backend/device/alarm/set', { gid: world.a.p1, rules: withCpu({}) }, ownerB)).toBe(
      ErrorCode.NO_PERMISSION,
    )
    expect(
      await codeOf(
        '/backend/device/alarm/notice/set',
        { ...device, email: true, wechat: false, uids: [world.b.owner.uid] },
        ownerB,
      ),
    ).toBe(ErrorCode.NO_PERMISSION)
    expect(await codeOf('/backend/device/alarm/mute', { ...device, minutes: 60 }, ownerB)).toBe(
      ErrorCode.NO_PERMISSION,
    )
    const listed = await ok<{ total: number }>(
      '/backend/alarm/list',
      { state: 'active', pageIndex: 1, pageOffset: 10 },
      ownerB,
    )
    expect(listed.total).toBe(0)
  })

  it('a child sees and sets only its scope, and chooses receivers among the accounts that see the device', async () => {
    const own = await configs({ id: world.a.devices.inP1 }, childFull)
    const uids = own.accounts.map((account) => account.uid)
    expect(uids).toEqual(expect.arrayContaining([world.a.owner.uid, world.a.childFull.uid]))
    expect(uids).not.toContain(world.a.childNone.uid)
    expect(
      await codeOf('/backend/device/alarm/set', { gid: world.a.root, rules: withCpu({}) }, childFull),
    ).toBe(ErrorCode.NO_PERMISSION)
    expect(
      await codeOf('/backend/device/alarm/notice/set', {
        id: world.a.devices.inP1,
        email: true,
        wechat: false,
        uids: [world.a.childNone.uid],
      }),
    ).toBe(ErrorCode.NO_PERMISSION)
    expect(await codeOf('/backend/device/alarm/configs', { id: world.a.devices.inP1 }, childNone)).toBe(
      ErrorCode.NO_PERMISSION,
    )
    expect(
      await codeOf('/backend/alarm/list', { state: 'active', pageIndex: 1, pageOffset: 10 }, childNone),
    ).toBe(ErrorCode.NO_PERMISSION)
  })

  it('lists active alarms with their device and acknowledges them, within the caller’s scope only', async () => {
    const id = await firedAlarm(world.a.devices.inP2)
    const listed = await ok<{ total: number; list: AlarmView[] }>('/backend/alarm/list', {
      state: 'active',
      deviceId: world.a.devices.inP2,
      pageIndex: 1,
      pageOffset: 10,
    })
    expect(listed.list.find((alarm) => alarm.id === id)).toMatchObject({
      category: 'cpu',
      device_id: world.a.devices.inP2,
      device_name: `D${world.marker}`,
      value: 97.5,
      acknowledged_at: null,
    })
    expect(await codeOf('/backend/alarm/ack', { ids: [id] }, ownerB)).toBe(ErrorCode.NO_PERMISSION)
    await ok('/backend/alarm/ack', { ids: [id] }, childFull)
    const after = await ok<{ list: AlarmView[] }>('/backend/alarm/list', {
      state: 'active',
      acknowledged: true,
      pageIndex: 1,
      pageOffset: 10,
    })
    expect(after.list.map((alarm) => alarm.id)).toContain(id)
  })

  it('a child granted only p2 lists only the alarms of p2’s devices', async () => {
    const inP1 = await firedAlarm(world.a.devices.inP1)
    const inP2 = await firedAlarm(world.a.devices.inP2)
    const { id: roleId } = await ok<{ id: number }>('/backend/role/add', {
      name: uniqueName('r').slice(0, 10),
      menus: ['device'],
      device_functions: ['view'],
      project_ids: [world.a.p2],
    })
    const username = uniqueName('cp')
    await ok('/backend/user/child/add', {
      username,
      password: 'child123',
      confirm_password: 'child123',
      level: 2,
      role_ids: [roleId],
    })
    const child = (await login(app, { username, password: 'child123' })).access_token
    const seen = await ok<{ list: AlarmView[] }>(
      '/backend/alarm/list',
      { state: 'active', pageIndex: 1, pageOffset: 100 },
      child,
    )
    const ids = seen.list.map((alarm) => alarm.id)
    expect(ids).toContain(inP2)
    expect(ids).not.toContain(inP1)
    expect(seen.list.every((alarm) => alarm.device_id === world.a.devices.inP2)).toBe(true)
    expect(await codeOf('/backend/alarm/ack', { ids: [inP1] }, child)).toBe(ErrorCode.NO_PERMISSION)
  })

  it('§6: an account that receives alarms cannot be deleted until it no longer does', async () => {
    const username = uniqueName('al')
    const { uid } = await ok<{ uid: number }>('/backend/user/child/add', {
      username,
      password: 'child123',
      confirm_password: 'child123',
      level: 2,
      role_ids: [world.a.roleFull],
    })
    await ok('/backend/device/alarm/notice/set', { gid: world.a.p2, email: true, wechat: false, uids: [uid] })
    expect((await configs({ id: world.a.devices.inP2 })).uids).toEqual([uid])
    expect(await codeOf('/backend/user/child/deletes', { uids: [uid] })).toBe(ErrorCode.NO_PERMISSION)
    await ok('/backend/device/alarm/notice/set', {
      gid: world.a.p2,
      email: false,
      wechat: false,
      uids: [world.a.owner.uid],
    })
    await ok('/backend/user/child/deletes', { uids: [uid] })
  })

  it('mutes a project for a period and ends the mute', async () => {
    const { muted_until } = await ok<{ muted_until: string }>('/backend/device/alarm/mute', {
      gid: world.a.p1,
      minutes: 60,
    })
    expect(new Date(muted_until).getTime()).toBeGreaterThan(Date.now() + 59 * 60_000)
    expect((await configs({ id: world.a.devices.inP2 })).muted_until).toBe(muted_until)
    expect(await codeOf('/backend/device/alarm/mute', { gid: world.a.p1, minutes: 43_201 })).toBe(
      ErrorCode.INVALID_PARAMETER,
    )
    await ok('/backend/device/alarm/mute', { gid: world.a.p1, minutes: 0 })
    expect((await configs({ id: world.a.devices.inP2 })).muted_until).toBeNull()
  })
})
