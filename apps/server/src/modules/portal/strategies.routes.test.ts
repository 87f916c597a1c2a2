import { ErrorCode } from '@canopy/shared/errors'
import { MENU_SECTIONS } from '@canopy/shared/permissions'
import type { PortalStrategy } from '@canopy/shared/validation'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login, signedInAccount, uniqueName } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'

let app: TestApp
let owner: string
let other: string
/** tenant A's child whose role grants every section, /auth included */
let child: string

const call = (token: string, path: string, body?: unknown) =>
  app.call<unknown>({ method: 'POST', path: `/backend/portal/strategy/${path}`, token, body })
const ok = <T>(token: string, path: string, body?: unknown) =>
  app.ok<T>({ method: 'POST', path: `/backend/portal/strategy/${path}`, token, body })
const statusOf = async (token: string, path: string, body?: unknown) =>
  (await call(token, path, body)).envelope.status

const strategy = (overrides: Record<string, unknown> = {}) => ({
  name: uniqueName('s').slice(0, 20),
  validity_days: 3,
  ...overrides,
})

async function list(token: string) {
  return ok<{ total: number; list: PortalStrategy[] }>(token, 'list', { pageIndex: 1, pageOffset: 100 })
}

beforeAll(async () => {
  app = await createTestApp()
  const primary = await signedInAccount(app)
  owner = primary.token
  other = (await signedInAccount(app)).token
  const as = <T>(path: string, body: unknown) => app.ok<T>({ method: 'POST', path, token: owner, body })
  const { id: roleId } = await as<{ id: number }>('/backend/role/add', {
    name: uniqueName('r').slice(0, 10),
    menus: [...MENU_SECTIONS],
    device_functions: ['view'],
    project_ids: [],
  })
  const account = { username: uniqueName('c'), password: 'child123' }
  await as('/backend/user/child/add', {
    ...account,
    confirm_password: account.password,
    level: 2,
    role_ids: [roleId],
  })
  child = (await login(app, account)).access_token
})
afterAll(async () => {
  await app.close()
})

describe('authentication strategies (/auth/strategy)', () => {
  it('adds, reads, changes and deletes a strategy with its lists stored in one form', async () => {
    const { id } = await ok<{ id: number }>(
      owner,
      'add',
      strategy({
        validity_days: null,
        session_minutes: 120,
        upload_kbps: 512,
        download_kbps: 2048,
        download_quota_mb: 500,
        ip_whitelist: '10.0.0.2, 10.0.0.3',
        mac_whitelist: '02-c1-01-74-8e-58',
        mac_blacklist: '02c1.0174.8e59',
      }),
    )
    const info = await app.ok<PortalStrategy>({
      path: '/backend/portal/strategy/info',
      token: owner,
      query: { id: String(id) },
    })
    expect(info).toMatchObject({
      validity_days: null,
      session_minutes: 120,
      upload_kbps: 512,
      download_kbps: 2048,
      upload_quota_mb: 0,
      download_quota_mb: 500,
      ip_whitelist: '10.0.0.2,10.0.0.3',
      ip_blacklist: '',
      mac_whitelist: '02:C1:01:74:8E:58',
      mac_blacklist: '02:C1:01:74:8E:59',
    })
    const saved = await ok<PortalStrategy>(owner, 'save', { id, name: info.name, validity_days: 7 })
    expect(saved).toMatchObject({ validity_days: 7, session_minutes: 0, mac_whitelist: '' })
    expect((await list(owner)).list.map((row) => row.id)).toContain(id)
    await ok(owner, 'delete', { id })
    expect(await statusOf(owner, 'delete', { id })).toBe(ErrorCode.POLICY_NOT_FOUND)
  })

  it('gives the §8 codes: name empty, already exists (in any case), does not exist', async () => {
    expect(await statusOf(owner, 'add', strategy({ name: '' }))).toBe(ErrorCode.POLICY_NAME_EMPTY)
    const first = strategy()
    const { id } = await ok<{ id: number }>(owner, 'add', first)
    expect(await statusOf(owner, 'add', { ...first, name: first.name.toUpperCase() })).toBe(
      ErrorCode.POLICY_EXISTS,
    )
    const second = await ok<{ id: number }>(owner, 'add', strategy())
    expect(await statusOf(owner, 'save', { ...first, id: second.id })).toBe(ErrorCode.POLICY_EXISTS)
    // another tenant may use the same name
    await ok(other, 'add', first)
    expect(await statusOf(owner, 'save', { ...first, id: 2_000_000_000 })).toBe(ErrorCode.POLICY_NOT_FOUND)
    expect(await statusOf(owner, 'save', { ...first, id })).toBe(10000)
  })

  it('lets only one of two simultaneous adds of one name through', async () => {
    const body = strategy()
    const answers = await Promise.all([
      call(owner, 'add', body),
      call(owner, 'add', body),
      call(owner, 'add', body),
    ])
    expect(answers.map((answer) => answer.envelope.status).sort()).toEqual([
      10000,
      ErrorCode.POLICY_EXISTS,
      ErrorCode.POLICY_EXISTS,
    ])
  })

  it('refuses bad values with their codes and writes nothing', async () => {
    const before = (await list(owner)).total
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ validity_days: 8 }, ErrorCode.INVALID_PARAMETER],
      [{ validity_days: 0 }, ErrorCode.INVALID_PARAMETER],
      [{ ip_whitelist: '10.0.0.2,10.0.0.256' }, ErrorCode.INVALID_PARAMETER],
      [{ ip_blacklist: '127.0.0.1' }, ErrorCode.INVALID_PARAMETER],
      [{ ip_whitelist: '10.0.0.2', ip_blacklist: '10.0.0.2' }, ErrorCode.INVALID_PARAMETER],
      [{ mac_blacklist: 'FF:FF:FF:FF:FF:FF' }, ErrorCode.BIND_MAC_ERROR],
      [{ upload_kbps: -5 }, ErrorCode.INVALID_PARAMETER],
      [{ name: 'a'.repeat(26) }, ErrorCode.INVALID_PARAMETER],
    ]
    for (const [overrides, code] of cases) {
      expect(await statusOf(owner, 'add', strategy(overrides)), JSON.stringify(overrides)).toBe(code)
    }
    expect((await list(owner)).total).toBe(before)
  })

  it('refuses to delete a strategy a portal setting uses', async () => {
    const { id } = await ok<{ id: number }>(owner, 'add', strategy())
    // Any row that references a strategy keeps it (ON DELETE RESTRICT), as the per-SSID portal
    // settings do; a table of the test's own stands for them here.
    const db = app.database.db
    await db.execute(
      sql`create table strategy_users_test (strategy_id integer references portal_strategies(id) on delete restrict)`,
    )
    await db.execute(sql`insert into strategy_users_test values (${id})`)
    expect(await statusOf(owner, 'delete', { id })).toBe(ErrorCode.POLICY_IN_USE)
    await db.execute(sql`drop table strategy_users_test`)
    await ok(owner, 'delete', { id })
  })

  it('is primary-only: a child granted /auth is refused every call', async () => {
    const { id } = await ok<{ id: number }>(owner, 'add', strategy())
    for (const [path, body] of [
      ['list', { pageIndex: 1, pageOffset: 10 }],
      ['add', strategy()],
      ['save', { ...strategy(), id }],
      ['delete', { id }],
    ] as const) {
      expect(await statusOf(child, path, body), path).toBe(ErrorCode.NO_PERMISSION)
    }
    const info = await app.call({
      path: '/backend/portal/strategy/info',
      token: child,
      query: { id: String(id) },
    })
    expect(info.envelope.status).toBe(ErrorCode.NO_PERMISSION)
  })

  it('keeps each tenant to its own: another tenant can neither read nor change nor delete', async () => {
    const { id } = await ok<{ id: number }>(owner, 'add', strategy())
    const info = await app.call({
      path: '/backend/portal/strategy/info',
      token: other,
      query: { id: String(id) },
    })
    expect(info.envelope.status).toBe(ErrorCode.NO_PERMISSION)
    expect(await statusOf(other, 'save', { ...strategy(), id })).toBe(ErrorCode.NO_PERMISSION)
    expect(await statusOf(other, 'delete', { id })).toBe(ErrorCode.NO_PERMISSION)
    expect((await list(other)).list.map((row) => row.id)).not.toContain(id)
    expect(
      (
        await app.ok<PortalStrategy>({
          path: '/backend/portal/strategy/info',
          token: owner,
          query: { id: String(id) },
        })
      ).id,
    ).toBe(id)
  })
})
