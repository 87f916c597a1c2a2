import { ErrorCode } from '@canopy/shared/errors'
import { MENU_SECTIONS } from '@canopy/shared/permissions'
import type {
  MemberImportReport,
  MethodSaveRequest,
  PortalMember,
  PortalMethods,
} from '@canopy/shared/validation'
import { MEMBER_IMPORT_MAX_BYTES } from '@canopy/shared/validation'
import { utils, write } from '@e965/xlsx'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login, signedInAccount, uniqueName } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { hashPassword } from '../auth/passwords'
import { MembersService } from './members.service'
import { readMemberSheet } from './members-xls'

let app: TestApp
let owner: string
let ownerName: string
let other: string
/** tenant A's child whose role grants every section, /auth included */
let child: string

const post = (token: string, path: string, body?: unknown) =>
  app.call<unknown>({ method: 'POST', path: `/backend/portal/${path}`, token, body })
const ok = <T>(token: string, path: string, body?: unknown) =>
  app.ok<T>({ method: 'POST', path: `/backend/portal/${path}`, token, body })
const statusOf = async (token: string, path: string, body?: unknown) =>
  (await post(token, path, body)).envelope.status

const methods = (overrides: Partial<MethodSaveRequest> = {}): MethodSaveRequest => ({
  noauth_enabled: true,
  terms: { 'en-us': 'Be kind to the network', 'zh-cn': '', es: '' },
  member_enabled: true,
  sms_enabled: true,
  sms_daily_total: 200,
  sms_phone_period: 'day',
  sms_phone_max: 50,
  sms_client_max: 2,
  ...overrides,
})
const member = (overrides: Record<string, unknown> = {}) => ({
  account: uniqueName('m')
    .replace(/[^A-Za-z0-9_]/g, '')
    .slice(0, 20),
  password: 'guest123',
  info: 'room 12',
  ...overrides,
})

function xls(rows: unknown[][], bookType: 'biff8' | 'xlsx' = 'biff8'): Buffer {
  const book = utils.book_new()
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), 'members')
  return write(book, { type: 'buffer', bookType }) as Buffer
}

/** The console's import as a browser sends it: one multipart file. */
async function importFile(token: string, content: Buffer, name = 'members.xls') {
  const boundary = `----canopy${uniqueName('b')}`
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/vnd.ms-excel\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const response = await app.http.inject({
    method: 'POST',
    url: '/api/backend/portal/member/import',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  })
  return response.json() as { status: number; data: MemberImportReport }
}

async function members(token: string, search = '') {
  return ok<{ total: number; list: PortalMember[] }>(token, 'member/list', {
    pageIndex: 1,
    pageOffset: 100,
    search,
  })
}

async function tenantOf(username: string): Promise<number> {
  const rows = await app.database.db.execute<{ tenant_id: number }>(
    sql`select tenant_id from accounts where username = ${username}`,
  )
  return Number(rows.rows[0]!.tenant_id)
}

beforeAll(async () => {
  app = await createTestApp()
  const primary = await signedInAccount(app)
  owner = primary.token
  ownerName = primary.username
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

describe('authentication methods (/auth/method)', () => {
  it('starts with every method off, saves them with their terms and quotas, and shows the SMS usage', async () => {
    const fresh = (await signedInAccount(app)).token
    const before = await app.ok<PortalMethods>({ path: '/backend/portal/method/info', token: fresh })
    expect(before).toMatchObject({ noauth_enabled: false, member_enabled: false, sms_enabled: false })
    expect(before.sms_usage).toEqual({ total: 1000, remaining: 1000, sent_today: 0 })
    const saved = await ok<PortalMethods>(fresh, 'method/save', methods())
    expect(saved).toMatchObject(methods())
    expect(await app.ok<PortalMethods>({ path: '/backend/portal/method/info', token: fresh })).toEqual(saved)
  })

  it('refuses §9 quotas out of range and empty terms, with their keys, and changes nothing', async () => {
    const token = (await signedInAccount(app)).token
    await ok(token, 'method/save', methods())
    const cases: Array<[Partial<MethodSaveRequest>, string]> = [
      [{ sms_daily_total: 0 }, 'validation.sms_daily_tips'],
      [{ sms_daily_total: 1001 }, 'validation.sms_daily_tips'],
      [{ sms_phone_period: 'five_minutes', sms_phone_max: 6 }, 'validation.sms_phone_tips'],
      [{ sms_phone_period: 'day', sms_phone_max: 101 }, 'validation.sms_phone_tips'],
      [{ sms_phone_max: 0 }, 'validation.sms_phone_tips'],
      [{ sms_daily_total: 10, sms_phone_max: 20 }, 'validation.sms_phone_over_daily'],
      [{ sms_client_max: 4 }, 'validation.sms_client_tips'],
      [{ sms_client_max: 0 }, 'validation.sms_client_tips'],
      [{ terms: { 'en-us': ' ', 'zh-cn': '', es: '' } }, 'validation.terms_empty'],
      [{ terms: { 'en-us': 'x'.repeat(2001), 'zh-cn': '', es: '' } }, 'validation.terms_tips'],
    ]
    for (const [overrides, rule] of cases) {
      const answer = await post(token, 'method/save', methods(overrides))
      // an empty text a rule requires is §8's "missing required parameters"; the others are invalid
      const code = rule.endsWith('_empty') ? ErrorCode.MISSING_PARAMETERS : ErrorCode.INVALID_PARAMETER
      expect(answer.envelope.status, JSON.stringify(overrides)).toBe(code)
      expect(JSON.stringify(answer.envelope.data)).toContain(rule)
    }
    // the bounds themselves pass
    await ok(
      token,
      'method/save',
      methods({ sms_daily_total: 1000, sms_phone_period: 'five_minutes', sms_phone_max: 5 }),
    )
    await ok(token, 'method/save', methods({ sms_daily_total: 1, sms_phone_max: 1, sms_client_max: 1 }))
    expect(
      (await app.ok<PortalMethods>({ path: '/backend/portal/method/info', token })).sms_daily_total,
    ).toBe(1)
  })
})

describe('members', () => {
  it('adds, searches, pages, edits, disables and deletes members; passwords are stored hashed', async () => {
    const token = (await signedInAccount(app)).token
    const first = member({ account: 'Alice_01' })
    const { id } = await ok<{ id: number }>(token, 'member/add', first)
    await ok(token, 'member/add', member({ account: 'bob_02' }))
    expect(await statusOf(token, 'member/add', member({ account: 'ALICE_01' }))).toBe(
      ErrorCode.ACCOUNT_EXISTS,
    )
    expect((await members(token, 'lice')).list.map((row) => row.account)).toEqual(['Alice_01'])
    expect((await members(token, '%')).total).toBe(0)
    const paged = await ok<{ total: number; list: PortalMember[] }>(token, 'member/list', {
      pageIndex: 2,
      pageOffset: 1,
    })
    expect(paged).toMatchObject({ total: 2, list: [{ account: 'bob_02' }] })
    const hashes = await app.database.db.execute<{ password_hash: string }>(
      sql`select password_hash from portal_members where id = ${id}`,
    )
    expect(hashes.rows[0]!.password_hash).toMatch(/^\$argon2id\$/)
    const saved = await ok<PortalMember>(token, 'member/save', {
      id,
      account: 'Alice_01',
      password: '',
      info: 'moved',
      enabled: false,
    })
    expect(saved).toMatchObject({ account: 'Alice_01', info: 'moved', enabled: false })
    const after = await app.database.db.execute<{ password_hash: string }>(
      sql`select password_hash from portal_members where id = ${id}`,
    )
    expect(after.rows[0]!.password_hash).toBe(hashes.rows[0]!.password_hash)
    await ok(token, 'member/delete', { id })
    expect(await statusOf(token, 'member/delete', { id })).toBe(ErrorCode.ACCOUNT_NOT_FOUND)
  })

  it('refuses bad members with §5 codes and writes nothing', async () => {
    const token = (await signedInAccount(app)).token
    for (const overrides of [
      { account: '' },
      { account: '1abc' },
      { account: 'ab' },
      { account: 'a'.repeat(21) },
      { password: '12345' },
      { password: 'abc 123' },
      { info: 'x'.repeat(51) },
    ]) {
      expect(await statusOf(token, 'member/add', member(overrides)), JSON.stringify(overrides)).not.toBe(
        10000,
      )
    }
    expect((await members(token)).total).toBe(0)
  })

  it('verifies a member for the guest surface: only enabled members, only while the method is on', async () => {
    const primary = await signedInAccount(app)
    const tenantId = await tenantOf(primary.username)
    const { id } = await ok<{ id: number }>(
      primary.token,
      'member/add',
      member({ account: 'guest_one', password: 'guest123' }),
    )
    const portal = { members: new MembersService({ db: app.database.db }) }
    await expect(portal.members.verify(tenantId, 'guest_one', 'guest123')).rejects.toMatchObject({
      codes: [ErrorCode.MEMBER_AUTH_DISABLED],
    })
    await ok(primary.token, 'method/save', methods({ member_enabled: true }))
    expect(await portal.members.verify(tenantId, 'GUEST_ONE', 'guest123')).toEqual({
      id,
      account: 'guest_one',
    })
    expect(await portal.members.verify(tenantId, 'guest_one', 'wrong123')).toBeUndefined()
    expect(await portal.members.verify(tenantId, 'nobody_here', 'guest123')).toBeUndefined()
    // another tenant's member is no member here
    await ok(owner, 'method/save', methods())
    expect(await portal.members.verify(await tenantOf(ownerName), 'guest_one', 'guest123')).toBeUndefined()
    await ok(primary.token, 'member/save', {
      id,
      account: 'guest_one',
      password: '',
      info: '',
      enabled: false,
    })
    expect(await portal.members.verify(tenantId, 'guest_one', 'guest123')).toBeUndefined()
  })
})

describe('member password hashes', () => {
  it("replaces a member's hash of the console's parameters at its first good login, and keeps it on a bad one", async () => {
    const primary = await signedInAccount(app)
    const tenantId = await tenantOf(primary.username)
    await ok(primary.token, 'method/save', methods({ member_enabled: true }))
    const { id } = await ok<{ id: number }>(
      primary.token,
      'member/add',
      member({ account: 'old_hash', password: 'guest123' }),
    )
    const hashOf = async () =>
      String(
        (
          await app.database.db.execute<{ password_hash: string }>(
            sql`select password_hash from portal_members where id = ${id}`,
          )
        ).rows[0]!.password_hash,
      )
    expect(await hashOf()).toMatch(/^\$argon2id\$v=19\$m=2048,t=1,p=1\$/)
    // As members were hashed before: with the console's parameters.
    const consoleHash = await hashPassword('guest123')
    await app.database.db.execute(
      sql`update portal_members set password_hash = ${consoleHash} where id = ${id}`,
    )
    const members = new MembersService({ db: app.database.db })
    expect(await members.verify(tenantId, 'old_hash', 'wrong123')).toBeUndefined()
    expect(await hashOf()).toBe(consoleHash)
    expect(await members.verify(tenantId, 'old_hash', 'guest123')).toEqual({ id, account: 'old_hash' })
    const rehashed = await hashOf()
    expect(rehashed).toMatch(/^\$argon2id\$v=19\$m=2048,t=1,p=1\$/)
    expect(await members.verify(tenantId, 'old_hash', 'guest123')).toEqual({ id, account: 'old_hash' })
    expect(await hashOf()).toBe(rehashed)
  })
})

describe('member import and export (.xls)', () => {
  it('imports every row of a good file', async () => {
    const token = (await signedInAccount(app)).token
    const report = await importFile(
      token,
      xls([
        ['account', 'password', 'info'],
        ['imp_one', 'abc123', 'first'],
        ['imp_two', 654321, ''],
      ]),
    )
    expect(report).toEqual({ status: 10000, errorCode: [], data: { added: 2, problems: [] } })
    expect((await members(token)).list.map((row) => row.account)).toEqual(['imp_one', 'imp_two'])
  })

  it('imports nothing when a row is refused, and reports every refused row with its reason', async () => {
    const token = (await signedInAccount(app)).token
    await ok(token, 'member/add', member({ account: 'taken_one' }))
    const report = await importFile(
      token,
      xls([
        ['account', 'password', 'info'],
        ['good_one', 'abc123', ''],
        ['1bad', 'abc123', ''],
        ['good_two', 'short', ''],
        ['good_one', 'abc123', ''],
        ['TAKEN_ONE', 'abc123', ''],
        ['__proto__', 'abc123', ''],
        ['good_three', 'abc123', 'x'.repeat(51)],
      ]),
    )
    expect(report.status).toBe(10000)
    expect(report.data).toEqual({
      added: 0,
      problems: [
        { row: 3, account: '1bad', reason: 'validation.account_tips' },
        { row: 4, account: 'good_two', reason: 'validation.pwd_set_error_tips' },
        { row: 5, account: 'good_one', reason: 'validation.member_import_duplicate' },
        { row: 6, account: 'TAKEN_ONE', reason: 'errors.accountExists' },
        { row: 7, account: '__proto__', reason: 'validation.account_tips' },
        { row: 8, account: 'good_three', reason: 'validation.member_info_tips' },
      ],
    })
    expect((await members(token)).list.map((row) => row.account)).toEqual(['taken_one'])
  })

  it('refuses what is no .xls (600400210) and what is too large (600400212), never a 500', async () => {
    const token = (await signedInAccount(app)).token
    const xlsx = await importFile(token, xls([['account'], ['abc123']], 'xlsx'), 'members.xlsx')
    expect(xlsx.status).toBe(ErrorCode.FILE_FORMAT_XLS)
    expect(
      (await importFile(token, Buffer.from('account,password\nabc,abc123\n'), 'members.xls')).status,
    ).toBe(ErrorCode.FILE_FORMAT_XLS)
    const huge = Buffer.concat([xls([['account']]), Buffer.alloc(MEMBER_IMPORT_MAX_BYTES)])
    expect((await importFile(token, huge)).status).toBe(ErrorCode.UPLOAD_FORMAT)
    expect((await members(token)).total).toBe(0)
  })

  it('exports the members as an .xls the import reads, formula-like texts neutralised', async () => {
    const token = (await signedInAccount(app)).token
    await ok(token, 'member/add', member({ account: 'exp_one', info: '=HYPERLINK("http://evil","x")' }))
    const response = await app.http.inject({
      method: 'GET',
      url: '/api/backend/portal/member/export',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('application/vnd.ms-excel')
    const rows = readMemberSheet(response.rawPayload)
    expect(rows).toEqual([
      { row: 2, account: 'exp_one', password: '', info: `'=HYPERLINK("http://evil","x")` },
    ])
  })
})

describe('permissions', () => {
  it('is primary-only: a child granted /auth is refused every call, the import and export too', async () => {
    const { id } = await ok<{ id: number }>(owner, 'member/add', member())
    for (const [path, body] of [
      ['method/save', methods()],
      ['member/list', { pageIndex: 1, pageOffset: 10 }],
      ['member/add', member()],
      ['member/save', { ...member(), id, enabled: true }],
      ['member/delete', { id }],
    ] as const) {
      expect(await statusOf(child, path, body), path).toBe(ErrorCode.NO_PERMISSION)
    }
    for (const path of ['method/info', 'member/export']) {
      const answer = await app.call({ path: `/backend/portal/${path}`, token: child })
      expect(answer.envelope.status, path).toBe(ErrorCode.NO_PERMISSION)
    }
    expect((await importFile(child, xls([['account'], ['kid_one', 'abc123']]))).status).toBe(
      ErrorCode.NO_PERMISSION,
    )
  })

  it('keeps each tenant to its own: another tenant can neither see nor change nor delete a member', async () => {
    const { id } = await ok<{ id: number }>(owner, 'member/add', member({ account: 'mine_only' }))
    expect(await statusOf(other, 'member/save', { ...member(), id, enabled: true })).toBe(
      ErrorCode.NO_PERMISSION,
    )
    expect(await statusOf(other, 'member/delete', { id })).toBe(ErrorCode.NO_PERMISSION)
    expect((await members(other)).list.map((row) => row.id)).not.toContain(id)
    // the same account is free in another tenant
    await ok(other, 'member/add', member({ account: 'mine_only' }))
    expect((await members(owner, 'mine_only')).list).toMatchObject([{ id, enabled: true }])
  })
})
