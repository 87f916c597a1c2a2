import { ErrorCode } from '@canopy/shared/errors'
import { DEVICE_FUNCTIONS, MENU_SECTIONS, OPERATOR_LEVEL } from '@canopy/shared/permissions'
import type { Fleet } from '@canopy/simulator'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bindDevice, eventually, startTestFleet } from '../../../test/devices'
import { login, rootProjectOf, signedInAccount, uniqueName } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'
import type { Principal } from '../auth/principal'
import { OperationLog } from './operation-log'

/**
 * The operation log (issue 13): every operation with its devices and result, read from the
 * executions; filtered by date, action and result; scoped like the devices (another tenant sees
 * none of it, a level-1 child the operations on its devices only); exported as CSV.
 */
let app: TestApp
let fleet: Fleet
let owner: Awaited<ReturnType<typeof signedInAccount>>
let childToken: string
let blindChildToken: string
let otherToken: string
let inScope: number
let outside: number
let both: number
let outsideOnly: number

interface Entry {
  id: number
  created_at: string
  account: string | null
  action: string
  device_count: number
  devices: Array<{ id: number; mac: string }>
  detail: string | null
  result: string
}

const list = (token: string, body: Record<string, unknown> = {}) =>
  app.call<{ total: number; list: Entry[] }>({
    method: 'POST',
    path: '/backend/log/operation/list',
    token,
    body: { pageIndex: 1, pageOffset: 50, ...body },
  })

beforeAll(async () => {
  app = await createTestApp()
  // Devices that take 2 s to apply a change: the second LED change below must reach `outside`
  // before it applied the first, however slowly the machine runs the two requests.
  fleet = await startTestFleet(app, { count: 2, applyDelayMs: [2_000, 2_000] })
  owner = await signedInAccount(app)
  const root = await rootProjectOf(app, owner.token)
  const as = <T>(path: string, body: unknown) => app.ok<T>({ method: 'POST', path, token: owner.token, body })
  const { gid: mine } = await as<{ gid: number }>('/backend/workgroup/add', { name: 'Mine', pid: root })
  const { gid: theirs } = await as<{ gid: number }>('/backend/workgroup/add', { name: 'Theirs', pid: root })
  inScope = await bindDevice(app, owner.token, fleet.devices[0]!.mac, mine)
  outside = await bindDevice(app, owner.token, fleet.devices[1]!.mac, theirs)
  const child = async (menus: readonly string[]) => {
    const { id: roleId } = await as<{ id: number }>('/backend/role/add', {
      name: uniqueName('r').slice(0, 10),
      menus,
      device_functions: [...DEVICE_FUNCTIONS],
      project_ids: [mine],
    })
    const account = { username: uniqueName('c'), password: 'child123' }
    await as('/backend/user/child/add', {
      ...account,
      confirm_password: account.password,
      level: OPERATOR_LEVEL,
      role_ids: [roleId],
    })
    return (await login(app, account)).access_token
  }
  childToken = await child([...MENU_SECTIONS])
  blindChildToken = await child(MENU_SECTIONS.filter((section) => section !== 'maintain'))
  otherToken = (await signedInAccount(app)).token
  const leds = async (ids: number[], led: boolean) =>
    (await as<{ operation_id: number }>('/backend/device/setleds', { ids, led })).operation_id
  both = await leds([inScope, outside], false)
  outsideOnly = await leds([outside], true)
  // Both settle (the virtual devices apply LED changes): results are final before the tests read.
  await eventually(
    async () => (await list(owner.token)).envelope.data.list,
    (entries) => entries.length === 2 && entries.every((entry) => entry.result !== 'pending'),
  )
})
afterAll(async () => {
  await fleet.stop()
  await app.close()
})

describe('the operation log', () => {
  it('lists every operation, newest first, with who, what, its devices and its result', async () => {
    const { envelope } = await list(owner.token)
    expect(envelope.status).toBe(10000)
    const ids = envelope.data.list.map((entry) => entry.id)
    expect(ids.indexOf(outsideOnly)).toBeLessThan(ids.indexOf(both))
    // The later change of the same setting on `outside` superseded this one there (CANCELED).
    const entry = envelope.data.list.find((candidate) => candidate.id === both)!
    expect(entry).toMatchObject({
      account: owner.username,
      action: 'device.setleds',
      device_count: 2,
      result: 'partial',
    })
    expect(entry.devices.map((device) => device.id).sort()).toEqual([inScope, outside].sort())
    expect(JSON.parse(entry.detail!)).toMatchObject({ section: 'system', after: { led: false } })
  })

  it('shows a level-1 child only the operations on devices in its scope, and those devices alone', async () => {
    const { envelope } = await list(childToken)
    expect(envelope.status).toBe(10000)
    expect(envelope.data.list.map((entry) => entry.id)).toEqual([both])
    // The result over its devices alone: the change went through on the one it sees.
    expect(envelope.data.list[0]).toMatchObject({
      device_count: 1,
      devices: [{ id: inScope }],
      result: 'success',
    })
  })

  it('shows another tenant nothing, and refuses a child without the maintenance menu', async () => {
    expect((await list(otherToken)).envelope.data).toEqual({ total: 0, list: [] })
    const refused = await list(blindChildToken)
    expect(refused.envelope.status).toBe(ErrorCode.NO_PERMISSION)
  })

  it('filters by action, result, recent days and a date range, and pages', async () => {
    expect((await list(owner.token, { action: 'device.restart' })).envelope.data.total).toBe(0)
    expect((await list(owner.token, { action: 'device.setleds' })).envelope.data.total).toBe(2)
    const ids = async (result: string) =>
      (await list(owner.token, { result })).envelope.data.list.map((e) => e.id)
    expect(await ids('success')).toEqual([outsideOnly])
    expect(await ids('partial')).toEqual([both])
    expect((await list(owner.token, { result: 'failed' })).envelope.data.total).toBe(0)
    expect((await list(owner.token, { days: 1 })).envelope.data.total).toBe(2)
    expect((await list(owner.token, { start: '2009-01-01', end: '2009-12-31' })).envelope.data.total).toBe(0)
    const past = await list(owner.token, { pageIndex: 9, pageOffset: 1 })
    expect(past.envelope.data).toEqual({ total: 2, list: [] })
    const pastFiltered = await list(owner.token, { pageIndex: 9, pageOffset: 1, result: 'partial' })
    expect(pastFiltered.envelope.data).toEqual({ total: 1, list: [] })
    const page = await list(owner.token, { pageIndex: 2, pageOffset: 1 })
    expect(page.envelope.data).toMatchObject({ total: 2, list: [{ id: both }] })
  })

  it('refuses broken filters with the invalid-parameter code', async () => {
    for (const body of [
      { start: '2023-02-29' },
      { start: '2007-12-31' },
      { start: '2024-03-02', end: '2024-03-01' },
      { start: '2024-03-01', end: '2024-03-01' },
      { days: 8 },
      { days: 2, start: '2024-01-01' },
      { result: 'maybe' },
      { action: 'DROP TABLE' },
    ]) {
      const response = await list(owner.token, body)
      expect(response.envelope.status, JSON.stringify(body)).toBe(ErrorCode.INVALID_PARAMETER)
    }
  })
})

describe('the operation log export', () => {
  const exported = (token: string, query: Record<string, string>, language = 'en-US') =>
    app.call<string>({
      path: '/backend/log/operation/export',
      token,
      query,
      headers: { 'accept-language': language },
    })

  it('is CSV with a BOM, the caller’s language and one line per operation, quoted as Excel reads it', async () => {
    const response = await exported(owner.token, { days: '7' }, 'zh-CN')
    expect(response.httpStatus).toBe(200)
    expect(response.raw.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.raw.headers['content-disposition']).toMatch(
      /^attachment; filename="operation-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(response.raw.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const lines = response.raw.body.slice(1).trimEnd().split('\r\n')
    expect(lines[0]).toBe('时间,账号,操作,设备数,MAC 地址,详情,结果')
    expect(lines).toHaveLength(3)
    // The detail is JSON: its quotes doubled inside a quoted field.
    expect(lines[1]).toContain('""section"":""system""')
    expect(lines[1]).toContain(',成功')
  })

  it('is scoped and filtered like the list, and refuses what the list refuses', async () => {
    const macs = new Map(
      (await list(owner.token)).envelope.data.list.flatMap((entry) =>
        entry.devices.map((d) => [d.id, d.mac]),
      ),
    )
    const child = await exported(childToken, {})
    expect(child.raw.body.trimEnd().split('\r\n')).toHaveLength(2)
    expect(child.raw.body).toContain(macs.get(inScope))
    expect(child.raw.body).not.toContain(macs.get(outside))
    const other = await exported(otherToken, {})
    expect(other.raw.body.trimEnd().split('\r\n')).toHaveLength(1)
    expect((await exported(owner.token, { days: '0' })).envelope.status).toBe(ErrorCode.INVALID_PARAMETER)
    expect((await exported(blindChildToken, {})).envelope.status).toBe(ErrorCode.NO_PERMISSION)
  })
})

/** The log written directly, as the owner (the tenant of the operations above). */
async function ownersLog() {
  const { tenantId } = (
    await app.database.db.execute(sql`select tenant_id as "tenantId" from operation_logs where id = ${both}`)
  ).rows[0] as { tenantId: number }
  const principal = { account: { id: owner.uid, tenantId, username: owner.username } } as Principal
  return { principal, log: new OperationLog(app.database.db) }
}

describe('a failure in the log', () => {
  it('keeps the reason as data (a code and the device’s words) and counts the operation failed', async () => {
    const { principal, log } = await ownersLog()
    const operationId = await log.record(
      principal,
      'device.setwifi',
      [{ id: outside, mac: 'aa' }],
      {},
      {
        channel: 'shadow',
        status: 'IN_PROGRESS',
      },
    )
    expect(
      await log.settle(operationId, outside, 'FAILED', { code: 'device_refused', detail: 'channel 14' }),
    ).toBe(true)
    // A final status never changes again (the state machine of executions.ts).
    expect(await log.settle(operationId, outside, 'SUCCEEDED')).toBe(false)
    const progress = await app.ok<{ result: string; targets: Array<Record<string, unknown>> }>({
      path: '/backend/device/operation',
      token: owner.token,
      query: { id: String(operationId) },
    })
    expect(progress.result).toBe('failed')
    expect(progress.targets).toMatchObject([
      { status: 'failed', reason: 'channel 14', reason_code: 'device_refused', execution_status: 'FAILED' },
    ])
    const failed = (await list(owner.token, { result: 'failed' })).envelope.data
    expect(failed.list.map((entry) => entry.id)).toEqual([operationId])
  })

  it('settles arriving together in one go, two moves of one execution in the order they came', async () => {
    const { principal, log } = await ownersLog()
    const targets = [
      { id: inScope, mac: 'aa' },
      { id: outside, mac: 'bb' },
    ]
    const operationId = await log.record(
      principal,
      'device.setwifi',
      targets,
      {},
      {
        channel: 'shadow',
        status: 'QUEUED',
      },
    )
    // The same turn: queued → applying → in sync on one device, refused on the other, and a
    // move the state machine refuses (TIMED_OUT only from IN_PROGRESS).
    const moves = await Promise.all([
      log.settle(operationId, inScope, 'IN_PROGRESS'),
      log.settle(operationId, outside, 'TIMED_OUT'),
      log.settle(operationId, inScope, 'SUCCEEDED'),
      log.settle(operationId, outside, 'FAILED', { code: 'device_refused' }),
    ])
    expect(moves).toEqual([true, false, true, true])
    const { rows } = await app.database.db.execute<{ device_id: number; status: string }>(
      sql`select device_id, status from job_executions where operation_id = ${operationId} order by device_id`,
    )
    expect(new Map(rows.map((row) => [row.device_id, row.status]))).toEqual(
      new Map([
        [inScope, 'SUCCEEDED'],
        [outside, 'FAILED'],
      ]),
    )
  })
})
