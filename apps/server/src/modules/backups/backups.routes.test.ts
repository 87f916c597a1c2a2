import { ErrorCode } from '@canopy/shared/errors'
import type { Fleet, VirtualDevice } from '@canopy/simulator'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bindDevice, eventually, startTestFleet } from '../../../test/devices'
import { login } from '../../../test/factories'
import { freePort } from '../../../test/ports'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { buildWorld, childOfTenantA, type World } from '../../../test/world'
import { BACKUP_RUN_QUEUE } from './backup-schedule'
import { backupsRepository } from './backups.repository'

/**
 * Configuration backup and restore through the API with virtual devices uploading and restoring
 * for real (signed links over HTTP, jobs over MQTT): versions with secrets sealed and masked, the
 * diff, drift with its two actions, restore to the same device and refused across models, an
 * offline device backing up when it returns, retention, and every refusal with its code.
 */

interface BackupList {
  keep: number
  list: Array<{
    id: number
    version: number
    size: number
    sha256: string
    firmware: string
    note: string | null
    taken_by: string | null
  }>
}
interface Diff {
  changes: Array<{ path: string; kind: string; secret: boolean }>
  from: { config: Record<string, unknown> }
  to: { config: Record<string, unknown> }
}

describe('configuration backups', () => {
  let app: TestApp
  let world: World
  let fleet: Fleet
  let other: Fleet
  let token: string
  const ids = new Map<VirtualDevice, number>()
  let otherModelId: number

  const call = <T>(path: string, body: unknown, as = token) =>
    app.call<T>({ method: 'POST', path, token: as, body })
  const ok = <T>(path: string, body: unknown) => app.ok<T>({ method: 'POST', path, token, body })
  const codeOf = async (path: string, body: unknown, as = token) =>
    (await call(path, body, as)).envelope.errorCode[0]
  const versions = (id: number) => ok<BackupList>('/backend/backup/list', { id })
  const backUp = async (id: number, count: number, note?: string) => {
    await ok('/backend/backup/create', { ids: [id], ...(note ? { note } : {}) })
    return eventually(
      () => versions(id),
      (list) => list.list.length === count,
      20_000,
    )
  }
  const ssidOf = (device: VirtualDevice) =>
    (device.reported.wifi as Record<string, { ssid: string }>)['2g']!.ssid
  const drifted = (id: number) =>
    ok<{ drifted: boolean; expected: unknown; running: unknown }>('/backend/backup/drift/info', { id })
  const device = (index: number) => fleet.devices[index]!
  const idOf = (index: number) => ids.get(device(index))!

  beforeAll(async () => {
    const port = await freePort()
    app = await createTestApp({ env: { PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'error' } })
    await app.http.listen({ port, host: '127.0.0.1' })
    world = await buildWorld(app)
    token = (await login(app, world.a.owner)).access_token
    fleet = await startTestFleet(app, { count: 4, seed: 1414, models: ['CAP-1200'], failureRate: 0 })
    for (const virtual of fleet.devices)
      ids.set(virtual, await bindDevice(app, token, virtual.mac, world.a.p1))
    other = await startTestFleet(app, { count: 1, seed: 1415, models: ['CAP-3000'], failureRate: 0 })
    otherModelId = await bindDevice(app, token, other.devices[0]!.mac, world.a.p1)
    // Each device's first report is its baseline.
    for (const id of [...ids.values(), otherModelId])
      await eventually(
        () => app.database.db.execute(sql`select 1 from config_baselines where device_id = ${id}`),
        (result) => result.rows.length === 1,
      )
  }, 120_000)

  afterAll(async () => {
    await fleet?.stop()
    await other?.stop()
    await app?.close()
  })

  it('backs a device up through its signed link: a version with size, sha256, firmware, who and the note; secrets sealed and masked', async () => {
    const id = idOf(0)
    const list = await backUp(id, 1, 'before the move')
    expect(list.keep).toBe(20)
    const [first] = list.list
    expect(first).toMatchObject({ version: 1, firmware: device(0).firmware, note: 'before the move' })
    expect(first!.sha256).toMatch(/^[0-9a-f]{64}$/)
    expect(first!.size).toBeGreaterThan(100)
    expect(first!.taken_by).toBeTruthy()

    // At rest: neither the configuration column nor the sealed secrets hold the WiFi key in clear.
    const clear = (device(0).runningConfiguration().wifi as Record<string, { password: string }>)['2g']!
      .password
    const stored = await app.database.db.execute<{ config: unknown; secrets: Buffer }>(
      sql`select config, secrets from config_backups where id = ${first!.id}`,
    )
    expect(JSON.stringify(stored.rows[0]!.config)).not.toContain(clear)
    expect(Buffer.from(stored.rows[0]!.secrets).toString('latin1')).not.toContain(clear)

    const download = await app.http.inject({
      method: 'GET',
      url: `/api/backend/backup/download?id=${first!.id}`,
      headers: { authorization: `Bearer ${token}` },
    })
    expect(download.statusCode).toBe(200)
    expect(download.body).not.toContain(clear)
    expect(JSON.parse(download.body).wifi['2g']).toMatchObject({
      ssid: ssidOf(device(0)),
      password: '********',
    })
  })

  it('flags a change made on the device as drift, in the detail and the list filter; diff shows it; accept makes it desired', async () => {
    const id = idOf(0)
    expect((await drifted(id)).drifted).toBe(false)
    const before = ssidOf(device(0))
    await device(0).changeLocally({ wifi: { '2g': { ssid: 'Changed-On-Device' } } })
    const state = await eventually(
      () => drifted(id),
      (current) => current.drifted,
    )
    expect(state).toMatchObject({
      expected: { wifi: { '2g': { ssid: before } } },
      running: { wifi: { '2g': { ssid: 'Changed-On-Device' } } },
    })
    const list = await ok<{ list: Array<{ id: number }> }>('/backend/device/list', {
      pageIndex: 1,
      pageOffset: 50,
      drift: true,
    })
    expect(list.list.map((row) => row.id)).toEqual([id])
    // The list's tag: each device of a page, drifted or not; none of them for another tenant or
    // a child without their project.
    const tags = (as = token) =>
      call<{ list: Array<{ id: number; drifted: boolean }> }>(
        '/backend/backup/drift/devices',
        { ids: [id, idOf(1)] },
        as,
      )
    expect((await tags()).envelope.data.list.sort((x, y) => x.id - y.id)).toEqual(
      [
        { id, drifted: true },
        { id: idOf(1), drifted: false },
      ].sort((x, y) => x.id - y.id),
    )
    const tokenB = (await login(app, world.b.owner)).access_token
    expect((await tags(tokenB)).envelope.data.list).toEqual([])
    const elsewhere = await childOfTenantA(
      app,
      world,
      { menus: ['device'], device_functions: ['view'], project_ids: [world.a.p2] },
      2,
    )
    expect((await tags(elsewhere)).envelope.data.list).toEqual([])

    const backups = await backUp(id, 2)
    const [v2, v1] = backups.list
    const diff = await ok<Diff>('/backend/backup/diff', { from: v1!.id, to: v2!.id })
    expect(diff.changes).toEqual([{ path: 'wifi.2g.ssid', kind: 'changed', secret: false }])
    const desired = await ok<Diff>('/backend/backup/diff', { from: v2!.id })
    expect(desired.changes).toEqual([{ path: 'wifi.2g.ssid', kind: 'changed', secret: false }])

    await ok('/backend/backup/drift/accept', { id })
    expect((await drifted(id)).drifted).toBe(false)
    // Accepted: the next backup shows no difference from what Canopy now wants.
    expect((await ok<Diff>('/backend/backup/diff', { from: v2!.id })).changes).toEqual([])
  })

  it('puts a drifted value back through the settings sync', async () => {
    const id = idOf(1)
    const before = ssidOf(device(1))
    await device(1).changeLocally({ wifi: { '2g': { ssid: 'Tech-Was-Here' } } })
    await eventually(
      () => drifted(id),
      (current) => current.drifted,
    )
    const { operation_ids } = await ok<{ operation_ids: number[] }>('/backend/backup/drift/putback', { id })
    expect(operation_ids).toHaveLength(1)
    await eventually(
      async () => ssidOf(device(1)),
      (ssid) => ssid === before,
    )
    await eventually(
      () => drifted(id),
      (current) => !current.drifted,
    )
  })

  it('a secret changed between versions shows only as changed', async () => {
    const id = idOf(2)
    await backUp(id, 1)
    await device(2).changeLocally({ wifi: { '2g': { password: 'a-new-wifi-key' } } })
    const [v2, v1] = (await backUp(id, 2)).list
    const diff = await ok<Diff>('/backend/backup/diff', { from: v1!.id, to: v2!.id })
    expect(diff.changes).toEqual([{ path: 'wifi.2g.password', kind: 'changed', secret: true }])
    expect(JSON.stringify(diff)).not.toContain('a-new-wifi-key')
  })

  it('restores a version to its device: the device runs it, and it is no drift', async () => {
    const id = idOf(0)
    const [, v1] = (await versions(id)).list
    expect(ssidOf(device(0))).toBe('Changed-On-Device')
    const { operation_id } = await ok<{ operation_id: number }>('/backend/backup/restore', {
      backupId: v1!.id,
      ids: [id],
    })
    await eventually(
      () =>
        app.ok<{ result: string }>({
          path: '/backend/device/operation',
          token,
          query: { id: String(operation_id) },
        }),
      (operation) => operation.result === 'success',
      20_000,
    )
    expect(ssidOf(device(0))).not.toBe('Changed-On-Device')
    await eventually(
      () => drifted(id),
      (current) => !current.drifted,
    )
  })

  it('restores to a replacement of the same model, and refuses another model, an offline device, another tenant, and a child without the project or the function', async () => {
    const [v1] = (await versions(idOf(0))).list.slice(-1)
    const jobsBefore = await app.database.db.execute(sql`select count(*)::int as n from jobs`)
    expect(await codeOf('/backend/backup/restore', { backupId: v1!.id, ids: [otherModelId] })).toBe(
      ErrorCode.UNSUPPORTED_MODEL,
    )
    // A batch with one device of another model does nothing to the others either.
    expect(await codeOf('/backend/backup/restore', { backupId: v1!.id, ids: [idOf(3), otherModelId] })).toBe(
      ErrorCode.INVALID_PARAMETER,
    )
    const tokenB = (await login(app, world.b.owner)).access_token
    expect(await codeOf('/backend/backup/restore', { backupId: v1!.id, ids: [idOf(3)] }, tokenB)).toBe(
      ErrorCode.NO_PERMISSION,
    )
    expect(await codeOf('/backend/backup/create', { ids: [idOf(3)] }, tokenB)).toBe(ErrorCode.NO_PERMISSION)
    expect(await codeOf('/backend/backup/list', { id: idOf(3) }, tokenB)).toBe(ErrorCode.NO_PERMISSION)
    expect(await codeOf('/backend/backup/diff', { from: v1!.id }, tokenB)).toBe(ErrorCode.NO_PERMISSION)
    // Both sides of a diff are checked: a second version that is not there refuses too.
    expect(await codeOf('/backend/backup/diff', { from: v1!.id, to: 2_000_000_000 })).toBe(
      ErrorCode.NO_PERMISSION,
    )
    const elsewhere = await childOfTenantA(
      app,
      world,
      { menus: ['device', 'maintain'], device_functions: ['view', 'backup'], project_ids: [world.a.p2] },
      2,
    )
    expect(await codeOf('/backend/backup/create', { ids: [idOf(3)] }, elsewhere)).toBe(
      ErrorCode.NO_PERMISSION,
    )
    expect(await codeOf('/backend/backup/restore', { backupId: v1!.id, ids: [idOf(3)] }, elsewhere)).toBe(
      ErrorCode.NO_PERMISSION,
    )
    const viewer = await childOfTenantA(app, world, {
      menus: ['device', 'maintain'],
      device_functions: ['view'],
      project_ids: [world.a.p1],
    })
    expect(await codeOf('/backend/backup/create', { ids: [idOf(3)] }, viewer)).toBe(ErrorCode.NO_PERMISSION)
    expect(await codeOf('/backend/backup/restore', { backupId: v1!.id, ids: [idOf(3)] }, viewer)).toBe(
      ErrorCode.NO_PERMISSION,
    )
    await device(3).stop()
    await eventually(
      () =>
        app.ok<{ status: string }>({
          method: 'POST',
          path: '/backend/device/infos',
          token,
          body: { id: idOf(3) },
        }),
      (info) => info.status === 'offline',
    )
    expect(await codeOf('/backend/backup/restore', { backupId: v1!.id, ids: [idOf(3)] })).toBe(
      ErrorCode.DEVICE_OFFLINE,
    )
    const jobsAfter = await app.database.db.execute(sql`select count(*)::int as n from jobs`)
    expect(jobsAfter.rows[0]).toEqual(jobsBefore.rows[0])

    // Offline, it still backs up: the job waits for it, and it uploads when it returns.
    await ok('/backend/backup/create', { ids: [idOf(3)] })
    expect((await versions(idOf(3))).list).toEqual([])
    await device(3).start()
    await eventually(
      () => versions(idOf(3)),
      (list) => list.list.length === 1,
      20_000,
    )
    // The replacement: device 3 takes device 0's version 1.
    const { operation_id } = await ok<{ operation_id: number }>('/backend/backup/restore', {
      backupId: v1!.id,
      ids: [idOf(3)],
    })
    await eventually(
      () =>
        app.ok<{ result: string }>({
          path: '/backend/device/operation',
          token,
          query: { id: String(operation_id) },
        }),
      (operation) => operation.result === 'success',
      20_000,
    )
    expect(ssidOf(device(3))).toBe(ssidOf(device(0)))
  })

  it('keeps the last N versions of a device', async () => {
    const id = idOf(2)
    await ok('/backend/backup/keep', { id, keep: 2 })
    await ok('/backend/backup/create', { ids: [id] })
    const list = await eventually(
      () => versions(id),
      (current) => current.list[0]?.version === 3,
      20_000,
    )
    expect(list.list.map((row) => row.version)).toEqual([3, 2])
    expect(await codeOf('/backend/backup/keep', { id, keep: 0 })).toBe(ErrorCode.INVALID_PARAMETER)
  })

  it('files uploads that arrive together in order: consecutive versions, one per device per run, retention kept', async () => {
    const id = idOf(3)
    const tenantId = world.a.tenantId
    const repository = backupsRepository(app.database.db)
    const run = async (jobId: string) =>
      (await repository.insertRun({ jobId, tenantId, takenBy: null, source: 'manual' }))!.id
    const [first, second] = [await run(`together-1-${id}`), await run(`together-2-${id}`)]
    const before = (await versions(id)).list[0]?.version ?? 0
    const upload = (runId: number) => ({
      tenantId,
      deviceId: id,
      runId,
      mac: 'AA:BB:CC:00:00:01',
      model: 'CAP-1200',
      firmware: null,
      size: 2,
      sha256: '0'.repeat(64),
      takenBy: null,
      source: 'manual',
      note: null,
      config: {},
      secrets: Buffer.from('sealed'),
    })
    const stored = await app.database.db.transaction((tx) =>
      backupsRepository(tx).insertVersions([upload(first), upload(second), upload(first)], 2),
    )
    // The run's second upload in the group is its duplicate: refused, the others numbered in turn.
    expect(stored).toEqual([true, true, false])
    const after = await versions(id)
    expect(after.list.map((row) => row.version)).toEqual([before + 2, before + 1])
  })

  it('runs a project schedule once per time, however often its run is attempted (a crash retried): one backup per device', async () => {
    const saved = await ok<{ frequency: string; next_run: string }>('/backend/backup/schedule/save', {
      gid: world.a.p1,
      frequency: 'daily',
      time: '00:00',
    })
    expect(saved.frequency).toBe('daily')
    expect(saved.next_run).toMatch(/T00:00:00/)
    // The same run twice, as after a kill -9 mid-run: the scheduler hands it over again.
    const at = '2026-01-01T00:00:00.000Z'
    await app.scheduler.send(BACKUP_RUN_QUEUE, { projectId: world.a.p1, at })
    await app.scheduler.send(BACKUP_RUN_QUEUE, { projectId: world.a.p1, at })
    const jobId = `bks-${world.a.p1}-202601010000`
    const ours = [...ids.values(), otherModelId]
    const scheduled = async () =>
      (
        await app.database.db.execute<{ device_id: number; n: number }>(sql`
          select b.device_id, count(*)::int as n from config_backups b join backup_runs r on r.id = b.run_id
          where r.job_id = ${jobId} group by b.device_id`)
      ).rows.filter((row) => ours.includes(row.device_id))
    const rows = await eventually(scheduled, (current) => current.length === ours.length, 30_000)
    expect(rows.every((row) => row.n === 1)).toBe(true)
    const jobs = await app.database.db.execute(sql`select 1 from jobs where job_id = ${jobId}`)
    expect(jobs.rows).toHaveLength(1)
    expect(
      await codeOf('/backend/backup/schedule/save', { gid: world.a.p1, frequency: 'weekly', time: '01:00' }),
    ).toBe(ErrorCode.INVALID_PARAMETER)
  })
})
