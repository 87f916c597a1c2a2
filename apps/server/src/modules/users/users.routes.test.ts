import { ErrorCode } from '@canopy/shared/errors'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login, registerAccount, signedInAccount, uniqueName, uniquePhone } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { accounts, projects } from '../../db/schema'

let app: TestApp

beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.close())

const register = (body: Record<string, unknown>) =>
  app.call({ method: 'POST', path: '/backend/user/register', body })

function registration(overrides: Record<string, unknown> = {}) {
  const username = uniqueName()
  return {
    username,
    password: 'secret123',
    confirm_password: 'secret123',
    email: `${username}@example.test`,
    agreement: true,
    ...overrides,
  }
}

async function accountNamed(username: string) {
  const [row] = await app.database.db.select().from(accounts).where(eq(accounts.username, username))
  return row
}

describe('POST backend/user/register', () => {
  it('creates a primary account, a tenant of its own with its root project "My Project"', async () => {
    const phone = uniquePhone()
    const body = registration({ country_code: '86', phone })
    const response = await register(body)
    expect(response.envelope.status).toBe(10000)
    const account = await accountNamed(body.username)
    expect(account).toMatchObject({
      isPrimary: true,
      email: body.email,
      countryCode: '86',
      phone,
    })
    expect(account?.passwordHash).toMatch(/^\$argon2id\$/)
    const roots = await app.database.db
      .select()
      .from(projects)
      .where(eq(projects.tenantId, account!.tenantId))
    expect(roots).toEqual([
      expect.objectContaining({ name: 'My Project', isDefault: true, parentId: null, depth: 1 }),
    ])
  })

  it.each([
    ['a bad account format', { username: '9lives' }, ErrorCode.ACCOUNT_FORMAT],
    ['a too short account', { username: 'ab' }, ErrorCode.ACCOUNT_FORMAT],
    [
      'a password with other characters',
      { password: 'secret_1', confirm_password: 'secret_1' },
      ErrorCode.INVALID_PARAMETER,
    ],
    ['a confirmation that differs', { confirm_password: 'secret124' }, ErrorCode.INVALID_PARAMETER],
    ['a bad e-mail', { email: 'not-an-email' }, ErrorCode.INVALID_PARAMETER],
    ['a phone without its country code', { phone: uniquePhone() }, ErrorCode.INVALID_PARAMETER],
    [
      'a country code nobody uses',
      { country_code: '999', phone: uniquePhone() },
      ErrorCode.COUNTRY_CODE_INVALID,
    ],
    ['the agreement not accepted', { agreement: false }, ErrorCode.INVALID_PARAMETER],
    ['an empty account', { username: '' }, ErrorCode.MISSING_PARAMETERS],
  ])('refuses %s with its code and writes nothing', async (_, overrides, code) => {
    const body = registration(overrides)
    const response = await register(body)
    expect(response.envelope.errorCode).toContain(code)
    expect(response.envelope.status).not.toBe(10000)
    expect(await accountNamed(body.username)).toBeUndefined()
  })

  it('refuses a taken account name, e-mail and phone, all at once, and writes nothing', async () => {
    const phone = uniquePhone()
    const first = registration({ country_code: '86', phone })
    await register(first)
    const second = registration({
      username: first.username.toUpperCase(),
      email: first.email.toUpperCase(),
      country_code: '86',
      phone,
    })
    const response = await register(second)
    expect(response.envelope.errorCode).toEqual([
      ErrorCode.ACCOUNT_EXISTS,
      ErrorCode.EMAIL_TAKEN,
      ErrorCode.PHONE_TAKEN,
    ])
    expect(response.envelope.status).toBe(ErrorCode.ACCOUNT_EXISTS)

    const onlyEmail = registration({ email: first.email })
    expect((await register(onlyEmail)).envelope.errorCode).toEqual([ErrorCode.EMAIL_TAKEN])
    expect(await accountNamed(onlyEmail.username)).toBeUndefined()
  })

  it('lets the same phone number exist under different country codes', async () => {
    const phone = uniquePhone()
    expect((await register(registration({ country_code: '86', phone }))).envelope.status).toBe(10000)
    expect((await register(registration({ country_code: '34', phone }))).envelope.status).toBe(10000)
  })
})

describe('GET backend/user/info', () => {
  it('returns the caller own account, without secrets', async () => {
    const account = await signedInAccount(app)
    const response = await app.call<Record<string, unknown>>({
      path: '/backend/user/info',
      token: account.token,
    })
    expect(response.envelope.data).toMatchObject({
      uid: account.uid,
      username: account.username,
      email: account.email,
      is_primary: 1,
      status: 1,
      bindWechat: 0,
    })
    expect(JSON.stringify(response.envelope.data)).not.toContain('argon2')
    expect(response.envelope.data.last_login_at).toEqual(expect.any(String))
  })
})

describe('POST backend/user/save', () => {
  it('saves the personal center fields and shows them at once', async () => {
    const account = await signedInAccount(app)
    const phone = uniquePhone()
    const changes = {
      nickname: '小明_01',
      email: `${uniqueName()}@example.test`,
      country_code: '34',
      phone,
      address: 'Calle Mayor 1, Madrid',
    }
    const saved = await app.call({
      method: 'POST',
      path: '/backend/user/save',
      token: account.token,
      body: changes,
    })
    expect(saved.envelope.status).toBe(10000)
    const info = await app.call({ path: '/backend/user/info', token: account.token })
    expect(info.envelope.data).toMatchObject(changes)
    const current = await app.call({ path: '/backend/auth/userinfo', token: account.token })
    expect(current.envelope.data).toMatchObject({ name: '小明_01' })
  })

  it('keeps the own e-mail, refuses another account e-mail or phone and changes nothing', async () => {
    const phone = uniquePhone()
    const other = await registerAccount(app, { country_code: '86', phone })
    const account = await signedInAccount(app)
    const keepOwn = await app.call({
      method: 'POST',
      path: '/backend/user/save',
      token: account.token,
      body: { email: account.email, nickname: 'same' },
    })
    expect(keepOwn.envelope.status).toBe(10000)

    const taken = await app.call({
      method: 'POST',
      path: '/backend/user/save',
      token: account.token,
      body: { email: other.email, country_code: '86', phone, nickname: 'changed' },
    })
    expect(taken.envelope.errorCode).toEqual([ErrorCode.EMAIL_TAKEN, ErrorCode.PHONE_TAKEN])
    const row = await accountNamed(account.username)
    expect(row).toMatchObject({ email: account.email, nickname: 'same', phone: null })
  })

  it('refuses a nickname over 20 characters and an address over 100', async () => {
    const account = await signedInAccount(app)
    const response = await app.call({
      method: 'POST',
      path: '/backend/user/save',
      token: account.token,
      body: { email: account.email, nickname: 'n'.repeat(21), address: 'a'.repeat(101) },
    })
    expect(response.envelope.data).toEqual({
      violations: [
        { field: 'nickname', rule: 'validation.nickname_tips' },
        { field: 'address', rule: 'validation.address_tips' },
      ],
    })
  })
})

describe('POST backend/user/password/save', () => {
  it('changes the password, keeps this session and signs out the others', async () => {
    const account = await signedInAccount(app)
    const elsewhere = await login(app, account)
    const response = await app.call({
      method: 'POST',
      path: '/backend/user/password/save',
      token: account.token,
      body: { old_password: account.password, new_password: 'newpass99', confirm_password: 'newpass99' },
    })
    expect(response.envelope.status).toBe(10000)
    expect((await app.call({ path: '/backend/user/info', token: account.token })).envelope.status).toBe(10000)
    const signedOut = await app.call({ path: '/backend/user/info', token: elsewhere.access_token })
    expect(signedOut.envelope.status).toBe(ErrorCode.CREDENTIALS_CHANGED)
    await expect(login(app, { ...account, password: 'newpass99' })).resolves.toBeDefined()
    await expect(login(app, account)).rejects.toThrow()
  })

  it('refuses a wrong old password, and a new one equal to the old', async () => {
    const account = await signedInAccount(app)
    const wrongOld = await app.call({
      method: 'POST',
      path: '/backend/user/password/save',
      token: account.token,
      body: { old_password: 'wrong123', new_password: 'newpass99', confirm_password: 'newpass99' },
    })
    expect(wrongOld.envelope.status).toBe(ErrorCode.ACCOUNT_OR_PASSWORD)
    // §8: every 401 logs the console out; a wrong old password must keep the user signed in.
    expect(wrongOld.httpStatus).toBe(400)
    const same = await app.call({
      method: 'POST',
      path: '/backend/user/password/save',
      token: account.token,
      body: {
        old_password: account.password,
        new_password: account.password,
        confirm_password: account.password,
      },
    })
    expect(same.envelope.data).toEqual({
      violations: [{ field: 'new_password', rule: 'validation.pwd_same_error' }],
    })
    await expect(login(app, account)).resolves.toBeDefined()
  })
})

describe('rate limit on POST backend/user/register (per IP and per account)', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await createTestApp({ env: { RATE_LIMIT_REGISTER_PER_HOUR: '2' } })
  })
  afterAll(() => limited.close())

  /** The HTTP status of a registration from one client address (inject's remoteAddress). */
  async function registerFrom(ip: string, body: Record<string, unknown>): Promise<number> {
    const raw = await limited.http.inject({
      method: 'POST',
      url: `${limited.apiRoot}/backend/user/register`,
      payload: body,
      remoteAddress: ip,
    })
    return raw.statusCode
  }

  it('refuses one address registering many accounts with 429, and writes nothing', async () => {
    const bodies = [registration(), registration(), registration()]
    const statuses = []
    for (const body of bodies) statuses.push(await registerFrom('203.0.113.10', body))
    expect(statuses).toEqual([200, 200, 429])
    expect(await accountNamed(bodies[2]!.username as string)).toBeUndefined()
    expect(await registerFrom('203.0.113.11', registration())).toBe(200)
  })

  it('refuses one account name tried from many addresses with 429', async () => {
    const body = registration()
    const statuses = []
    for (const ip of ['203.0.113.21', '203.0.113.22', '203.0.113.23']) {
      statuses.push(await registerFrom(ip, { ...body, email: `${uniqueName()}@example.test` }))
    }
    // Registered (200), then taken (409), then too frequent for that name.
    expect(statuses).toEqual([200, 409, 429])
    expect(await registerFrom('203.0.113.23', registration())).toBe(200)
  })
})
