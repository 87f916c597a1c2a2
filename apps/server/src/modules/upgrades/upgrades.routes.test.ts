import { Readable } from 'node:stream'
import { ErrorCode } from '@canopy/shared/errors'
import { buildFirmwareImage } from '@canopy/shared/protocol'
import { type MessageView, UPGRADE_MAX_DEVICES, UPGRADE_MAX_RETRIES } from '@canopy/shared/validation'
import type { Fleet, VirtualDevice } from '@canopy/simulator'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bindDevice, eventually, startTestFleet } from '../../../test/devices'
import { login } from '../../../test/factories'
import { freePort } from '../../../test/ports'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { buildWorld, childOfTenantA, type World } from '../../../test/world'
import { receiveImage } from '../firmware/firmware-upload'

/**
 * Upgrade orders through the API with the virtual fleet upgrading for real (image over HTTP,
 * phases, reboot, new version): every §5/§8 rule with its code, tenant and level-1 refusals, the
 * canary wave, the abort threshold, waiting for offline devices, the retry cap, cancel and delete.
 */
const HOUR = 3_600_000
const TARGET = '5.0.1'

interface OrderInfo {
  order: {
    id: number
    order_no: string
    status: string
    result: string
    end_reason: string | null
    device_count: number
    counts: { waiting: number; upgrading: number; success: number; failed: number }
  }
  total: number
  retriable: number
  devices: Array<{
    device_id: number
    upgrade_result: string
    command_result: string
    reason: string | null
    retries: number
    wave: number | null
    canary: boolean
  }>
}

describe('upgrade orders', () => {
  let app: TestApp
  let world: World
  let fleet: Fleet
  let token: string
  let packageId: number
  let otherModelPackage: number
  /** CAP-1200 devices of tenant A (p1), by device id */
  const devices = new Map<number, VirtualDevice>()
  let ids: number[]
  /** two more CAP-1200 devices of tenant A, in p2 (a child scoped to p2 sees only them) */
  let inP2: number[]
  let legacyId: number

  const call = <T>(path: string, body: unknown, as = token) =>
    app.call<T>({ method: 'POST', path, token: as, body })
  const ok = <T>(path: string, body: unknown) => app.ok<T>({ method: 'POST', path, token, body })
  const codeOf = async (path: string, body: unknown, as = token) =>
    (await call(path, body, as)).envelope.errorCode[0]
  /** The whole order (the tests' orders fit one page). */
  const info = (id: number) => ok<OrderInfo>('/backend/upgrade/info', { id, pageIndex: 1, pageOffset: 100 })
  const order = (deviceIds: number[], extra: Record<string, unknown> = {}) => ({
    deviceIds,
    packageId,
    timing: 'immediate',
    ...extra,
  })
  const upload = async (model: string, version: string) => {
    const image = Buffer.from(buildFirmwareImage({ model, version, size: 64 * 1024 }))
    const received = await receiveImage(`${model}-${version}.bin`, Readable.from([image]), 1024 * 1024)
    return (await app.firmware.upload({ kind: 'operator' }, received, {})).id
  }
  /** Waits until the order has nothing left to do. */
  const settled = (id: number, timeoutMs = 60_000) =>
    eventually(
      () => info(id),
      (current) =>
        !['scheduled', 'running'].includes(current.order.status) &&
        current.devices.every((device) => device.upgrade_result !== 'upgrading'),
      timeoutMs,
    )
  /** Fresh devices for each test: back online on the old version, no chaos. */
  const take = async (count: number): Promise<number[]> => {
    const chosen = ids.splice(0, count)
    if (chosen.length < count) throw new Error('the test fleet is too small')
    return chosen
  }

  beforeAll(async () => {
    const port = await freePort()
    app = await createTestApp({ env: { PUBLIC_URL: `http://127.0.0.1:${port}` } })
    await app.http.listen({ port, host: '127.0.0.1' })
    world = await buildWorld(app)
    token = (await login(app, world.a.owner)).access_token
    fleet = await startTestFleet(app, { count: 21, seed: 1313, models: ['CAP-1200'] })
    ids = []
    inP2 = []
    for (const [at, device] of fleet.devices.entries()) {
      const id = await bindWhenFiled(app, token, device.mac, at < 19 ? world.a.p1 : world.a.p2)
      devices.set(id, device)
      ;(at < 19 ? ids : inP2).push(id)
    }
    const legacy = await startTestFleet(app, { count: 1, seed: 1314, models: ['CAP-300'] })
    fleet.devices.push(...legacy.devices)
    legacyId = await bindWhenFiled(app, token, legacy.devices[0]!.mac, world.a.p1)
    packageId = await upload('CAP-1200', TARGET)
    otherModelPackage = await upload('CAP-3000', '7.0.0')
    await eventually(
      () => app.ok<{ online: number }>({ path: '/backend/device/statistics', token }),
      (statistics) => statistics.online >= ids.length + inP2.length + 3,
      20_000,
    )
  }, 120_000)

  afterAll(async () => {
    await fleet?.stop()
    await app?.close()
  })

  describe('the rules of §5 and §8, each with its code', () => {
    it('refuses a timed upgrade not in the next 8 hours, or not a time', async () => {
      const [id] = ids
      const timed = (startAt: string) => order([id!], { timing: 'timed', startAt })
      expect(await codeOf('/backend/upgrade/create', timed('tomorrow 10:00'))).toBe(
        ErrorCode.TIME_FORMAT_ERROR,
      )
      expect(
        await codeOf('/backend/upgrade/create', timed(new Date(Date.now() - 60_000).toISOString())),
      ).toBe(ErrorCode.TIME_NOT_LATER)
      expect(
        await codeOf('/backend/upgrade/create', timed(new Date(Date.now() + 9 * HOUR).toISOString())),
      ).toBe(ErrorCode.TIMED_UPGRADE_TOO_FAR)
    })

    it('refuses another model, a device without the upgrade function, too many devices, a missing package', async () => {
      const [id] = ids
      expect(await codeOf('/backend/upgrade/create', { ...order([id!]), packageId: otherModelPackage })).toBe(
        ErrorCode.FIRMWARE_MODEL_MISMATCH,
      )
      expect(await codeOf('/backend/upgrade/create', order([legacyId]))).toBe(ErrorCode.DEVICE_NO_UPGRADE)
      const many = Array.from({ length: UPGRADE_MAX_DEVICES + 1 }, (_, at) => at + 1)
      expect(await codeOf('/backend/upgrade/create', order(many))).toBe(ErrorCode.UPGRADE_MAX_DEVICES)
      expect(await codeOf('/backend/upgrade/create', { ...order([id!]), packageId: 2_000_000_000 })).toBe(
        ErrorCode.FILE_NOT_FOUND,
      )
      expect(await codeOf('/backend/upgrade/create', order([id!, legacyId]))).toBe(
        ErrorCode.DEVICE_NO_UPGRADE,
      )
    })

    it('refuses an offline device unless the order waits for it', async () => {
      const [id] = await take(1)
      await devices.get(id!)!.stop()
      await eventually(
        () => codeOf('/backend/upgrade/create', order([id!])),
        (code) => code === ErrorCode.DEVICE_OFFLINE,
      )
      const waits = order([id!], {
        timing: 'timed',
        startAt: new Date(Date.now() + HOUR).toISOString(),
        waitOffline: true,
      })
      const created = await ok<{ id: number; order_no: string }>('/backend/upgrade/create', waits)
      expect(created.order_no).toMatch(/^UPG-\d{8}-\d{6}$/)
      await ok('/backend/upgrade/cancel', { id: created.id })
      await devices.get(id!)!.start()
    })

    it('refuses another tenant, a level-1 child and devices outside a child’s projects, changing nothing', async () => {
      const [id] = ids
      const before = await ok<{ total: number }>('/backend/upgrade/list', { pageIndex: 1, pageOffset: 10 })
      const tokenB = (await login(app, world.b.owner)).access_token
      expect(await codeOf('/backend/upgrade/create', order([id!]), tokenB)).toBe(ErrorCode.NO_PERMISSION)
      const operator = await childOfTenantA(app, world, {
        menus: ['device', 'maintain'],
        device_functions: ['view', 'upgrade'],
        project_ids: [world.a.p1],
      })
      expect(await codeOf('/backend/upgrade/create', order([id!]), operator)).toBe(ErrorCode.NO_PERMISSION)
      const adminElsewhere = await childOfTenantA(
        app,
        world,
        { menus: ['device', 'maintain'], device_functions: ['view', 'upgrade'], project_ids: [world.a.p2] },
        2,
      )
      expect(await codeOf('/backend/upgrade/create', order([id!]), adminElsewhere)).toBe(
        ErrorCode.NO_PERMISSION,
      )
      expect(
        await codeOf('/backend/upgrade/create', { gid: world.a.p1, packageId, timing: 'immediate' }, tokenB),
      ).toBe(ErrorCode.NO_PERMISSION)
      const after = await ok<{ total: number }>('/backend/upgrade/list', { pageIndex: 1, pageOffset: 10 })
      expect(after.total).toBe(before.total)
    })
  })

  describe('the rollout', () => {
    it('upgrades the canary wave first, then the rest; success is the device on the target version', async () => {
      const chosen = await take(4)
      const { id } = await ok<{ id: number }>(
        '/backend/upgrade/create',
        order(chosen, { canary: { devices: 1 } }),
      )
      const done = await settled(id)
      expect(done.order).toMatchObject({ status: 'finished', result: 'success' })
      // The account that made the order hears it finished (a system message, issue 15).
      const told = await eventually(
        () =>
          ok<{ list: MessageView[] }>('/backend/msg/list', { pageIndex: 1, pageOffset: 10, kind: 'upgrade' }),
        (page) => page.list.some((message) => message.params.order === done.order.order_no),
      )
      expect(told.list.find((message) => message.params.order === done.order.order_no)).toMatchObject({
        titleKey: 'messageTitles.upgradeFinished',
        params: { success: 4, failed: 0 },
        link: '/maintain/upgrade',
      })
      const canary = done.devices.filter((device) => device.canary)
      expect(canary).toHaveLength(1)
      for (const device of done.devices) {
        expect(device).toMatchObject({ upgrade_result: 'success', command_result: 'successful' })
        if (!device.canary) expect(device.wave!).toBeGreaterThan(canary[0]!.wave!)
        expect(devices.get(device.device_id)!.firmware).toBe(TARGET)
      }
      const statuses = await ok<{ list: Array<{ id: number; upgrade_status: string }> }>(
        '/backend/upgrade/devices',
        {
          ids: chosen,
        },
      )
      expect(statuses.list.map((device) => device.upgrade_status)).toEqual(chosen.map(() => 'success'))
    })

    it('aborts past the failure threshold: the rest stays not sent', async () => {
      const chosen = await take(4)
      for (const id of chosen) devices.get(id)!.upgradeChaos = { 'bad-checksum': 1 }
      const { id } = await ok<{ id: number }>(
        '/backend/upgrade/create',
        order(chosen, { concurrency: 1, abort: { failurePercent: 50, minFinished: 1 } }),
      )
      const done = await settled(id)
      expect(done.order).toMatchObject({ status: 'aborted', end_reason: 'failure_rate' })
      const failed = done.devices.filter((device) => device.upgrade_result === 'failed')
      expect(failed).toHaveLength(1)
      expect(failed[0]).toMatchObject({ reason: 'checksum_mismatch', command_result: 'failed' })
      expect(done.devices.filter((device) => device.command_result === 'not_sent')).toHaveLength(3)
      for (const id of chosen) devices.get(id)!.upgradeChaos = {}
    })

    it('upgrades a device offline at the start when it comes back (wait for offline devices)', async () => {
      const [online, offline] = await take(2)
      await devices.get(offline!)!.stop()
      await eventually(
        () => codeOf('/backend/upgrade/create', order([offline!])),
        (code) => code === ErrorCode.DEVICE_OFFLINE,
      )
      const { id } = await ok<{ id: number }>(
        '/backend/upgrade/create',
        order([online!, offline!], { waitOffline: true }),
      )
      const first = await eventually(
        () => info(id),
        (current) => current.devices.some((device) => device.upgrade_result === 'success'),
        60_000,
      )
      expect(first.devices.find((device) => device.device_id === offline)).toMatchObject({
        upgrade_result: 'waiting',
        command_result: 'not_sent',
      })
      await devices.get(offline!)!.start()
      const done = await settled(id)
      expect(done.order.result, JSON.stringify(done.devices)).toBe('success')
      expect(devices.get(offline!)!.firmware).toBe(TARGET)
    })

    it('fails a device that lost power mid-flash and came back on its old version, never a success', async () => {
      const [id] = await take(1)
      const device = devices.get(id!)!
      const before = device.firmware
      device.upgradeChaos = { 'power-loss': 1 }
      const created = await ok<{ id: number }>('/backend/upgrade/create', order([id!]))
      const done = await settled(created.id)
      expect(done.order.result).toBe('failed')
      expect(done.devices[0]!.upgrade_result).toBe('failed')
      // The cloud's judge (back online on the old version while flashing) or the device's own word.
      expect(['old_version', 'flash_failed']).toContain(done.devices[0]!.reason)
      expect(device.firmware).toBe(before)
      device.upgradeChaos = {}
    })

    it('ends a device still offline at the window end failed, expired, never sent', async () => {
      const [id] = await take(1)
      await devices.get(id!)!.stop()
      await eventually(
        () => codeOf('/backend/upgrade/create', order([id!])),
        (code) => code === ErrorCode.DEVICE_OFFLINE,
      )
      const windowEnd = new Date(Date.now() + 2000).toISOString()
      const created = await ok<{ id: number }>(
        '/backend/upgrade/create',
        order([id!], { waitOffline: true, windowEnd }),
      )
      const done = await settled(created.id, 30_000)
      expect(done.order).toMatchObject({ status: 'finished', result: 'failed' })
      expect(done.devices[0]).toMatchObject({
        upgrade_result: 'failed',
        command_result: 'not_sent',
        reason: 'expired',
      })
      await devices.get(id!)!.start()
    })

    it(`retries a failed device at most ${UPGRADE_MAX_RETRIES} times`, async () => {
      const [id] = await take(1)
      devices.get(id!)!.upgradeChaos = { 'download-failure': 1 }
      const created = await ok<{ id: number }>('/backend/upgrade/create', order([id!]))
      let done = await settled(created.id)
      expect(done.devices[0]).toMatchObject({
        upgrade_result: 'failed',
        reason: 'download_failed',
        retries: 0,
      })
      for (let round = 1; round <= UPGRADE_MAX_RETRIES; round++) {
        expect(await ok('/backend/upgrade/retry', { id: created.id, deviceIds: [id] })).toEqual({
          retried: 1,
        })
        done = await eventually(
          () => info(created.id),
          (current) =>
            current.devices[0]!.retries === round && current.devices[0]!.upgrade_result === 'failed',
          60_000,
        )
      }
      expect(await codeOf('/backend/upgrade/retry', { id: created.id, deviceIds: [id] })).toBe(
        ErrorCode.UPGRADE_MAX_RETRIES,
      )
      devices.get(id!)!.upgradeChaos = {}
    })

    it('cancels what has not started; deletes only ended orders', async () => {
      const chosen = await take(2)
      const timed = order(chosen, { timing: 'timed', startAt: new Date(Date.now() + HOUR).toISOString() })
      const { id } = await ok<{ id: number }>('/backend/upgrade/create', timed)
      expect(await codeOf('/backend/upgrade/delete', { ids: [id] })).toBe(ErrorCode.UPGRADE_RECORD_BUSY)
      await ok('/backend/upgrade/cancel', { id })
      const canceled = await info(id)
      expect(canceled.order.status).toBe('canceled')
      expect(canceled.devices.map((device) => device.command_result)).toEqual(['not_sent', 'not_sent'])
      await ok('/backend/upgrade/delete', { ids: [id] })
      expect(await codeOf('/backend/upgrade/info', { id })).toBe(ErrorCode.NO_PERMISSION)
    })

    it('logs every device result, filtered, and exports it as CSV', async () => {
      const log = await ok<{
        total: number
        list: Array<{ order_no: string; result: string; to_version: string }>
      }>('/backend/log/upgrade/list', { pageIndex: 1, pageOffset: 100, days: 1, result: 'success' })
      expect(log.total).toBeGreaterThanOrEqual(5)
      expect(new Set(log.list.map((entry) => entry.result))).toEqual(new Set(['success']))
      expect(log.list[0]!.to_version).toBe(TARGET)
      expect(
        await codeOf('/backend/log/upgrade/list', {
          pageIndex: 1,
          pageOffset: 10,
          start: '2007-01-01',
          end: '2008-02-01',
        }),
      ).toBe(ErrorCode.INVALID_PARAMETER)
      const csv = await app.call<string>({
        path: '/backend/log/upgrade/export',
        token,
        query: { days: '1', result: 'failed' },
      })
      expect(csv.raw.headers['content-type']).toMatch(/text\/csv/)
      expect(csv.raw.body).toContain('Checksum mismatch')
    })
  })

  describe('the detail, paged on the server', () => {
    it('pages the devices, filters them by result, and counts only those the caller sees', async () => {
      const chosen = [...(await take(3)), ...inP2]
      const timed = order(chosen, { timing: 'timed', startAt: new Date(Date.now() + HOUR).toISOString() })
      const { id } = await ok<{ id: number }>('/backend/upgrade/create', timed)
      // Verdicts as the engine writes them (the order waits an hour: no tick touches them).
      const judge = (deviceId: number, outcome: string, retries: number) =>
        app.database.db.execute(sql`update upgrade_order_devices set wave = 1, job_id = 'upg-test',
          outcome = ${outcome}, reason = ${outcome === 'failed' ? 'download_failed' : null}, retries = ${retries},
          finished_at = now() where order_id = ${id} and device_id = ${deviceId}`)
      await judge(chosen[0]!, 'failed', 0)
      await judge(chosen[1]!, 'success', 0)
      await judge(chosen[3]!, 'failed', UPGRADE_MAX_RETRIES)
      const page = (body: Record<string, unknown>, as = token) =>
        app.ok<OrderInfo>({ method: 'POST', path: '/backend/upgrade/info', token: as, body: { id, ...body } })
      const idsOf = (info: OrderInfo) => info.devices.map((device) => device.device_id)

      const first = await page({ pageIndex: 1, pageOffset: 2 })
      expect(first.order.device_count).toBe(5)
      expect(first.order.counts).toEqual({ waiting: 2, upgrading: 0, success: 1, failed: 2 })
      expect([first.total, first.retriable]).toEqual([5, 1])
      // Pages follow the release order (positions the order gave its devices), whole or in parts.
      const released = idsOf(await page({ pageIndex: 1, pageOffset: 10 }))
      expect([...released].sort((a, b) => a - b)).toEqual([...chosen].sort((a, b) => a - b))
      expect(idsOf(first)).toEqual(released.slice(0, 2))
      expect(idsOf(await page({ pageIndex: 3, pageOffset: 2 }))).toEqual([released[4]])
      const inReleaseOrder = (ids: number[]) => released.filter((id) => ids.includes(id))
      const past = await page({ pageIndex: 4, pageOffset: 2 })
      expect([past.total, past.devices.length]).toEqual([5, 0])

      const failed = await page({ pageIndex: 1, pageOffset: 10, result: 'failed' })
      expect(failed.total).toBe(2)
      expect(
        failed.devices.map((device) => [device.device_id, device.upgrade_result, device.reason]),
      ).toEqual(
        inReleaseOrder([chosen[0]!, chosen[3]!]).map((device) => [device, 'failed', 'download_failed']),
      )
      expect(idsOf(await page({ pageIndex: 1, pageOffset: 10, result: 'waiting' }))).toEqual(
        inReleaseOrder([chosen[2]!, chosen[4]!]),
      )
      expect((await page({ pageIndex: 1, pageOffset: 10, result: 'upgrading' })).total).toBe(0)

      // A child scoped to p2 sees two of the five: its counts, its pages and its retry cap.
      const p2Admin = await childOfTenantA(
        app,
        world,
        { menus: ['device', 'maintain'], device_functions: ['view', 'upgrade'], project_ids: [world.a.p2] },
        2,
      )
      const scoped = await page({ pageIndex: 1, pageOffset: 10 }, p2Admin)
      expect(scoped.order.device_count).toBe(2)
      expect(scoped.order.counts).toEqual({ waiting: 1, upgrading: 0, success: 0, failed: 1 })
      expect([scoped.total, scoped.retriable]).toEqual([2, 0])
      expect(idsOf(scoped)).toEqual(inReleaseOrder(inP2))
      expect((await page({ pageIndex: 1, pageOffset: 10, result: 'success' }, p2Admin)).devices).toEqual([])

      // Another tenant is refused; bad paging or an unknown result is a bad parameter, never a 500.
      const tokenB = (await login(app, world.b.owner)).access_token
      expect(await codeOf('/backend/upgrade/info', { id, pageIndex: 1, pageOffset: 10 }, tokenB)).toBe(
        ErrorCode.NO_PERMISSION,
      )
      for (const bad of [{ pageOffset: 0 }, { pageOffset: 101 }, { pageIndex: 0 }, { result: 'partial' }]) {
        const refused = await call('/backend/upgrade/info', { id, ...bad })
        expect(refused.httpStatus, JSON.stringify(bad)).toBe(400)
        expect(refused.envelope.errorCode[0], JSON.stringify(bad)).toBe(ErrorCode.INVALID_PARAMETER)
      }
      await ok('/backend/upgrade/cancel', { id })
    })
  })
})

/**
 * Binds a virtual device once the server has filed the status carrying its credential: a device is
 * online before that (under load, a moment later), and a bind before it is refused as a bind error.
 */
async function bindWhenFiled(app: TestApp, token: string, mac: string, gid: number): Promise<number> {
  const deadline = Date.now() + 30_000
  for (;;) {
    try {
      return await bindDevice(app, token, mac, gid)
    } catch (error) {
      if (Date.now() > deadline || !String(error).includes(String(ErrorCode.BIND_ERROR))) throw error
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
}
