import { ErrorCode } from '@canopy/shared/errors'
import { createSigner } from 'fast-jwt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login, registerAccount, signedInAccount, uniqueName, uniquePhone } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { ACCOUNT_DISABLED } from '../../db/schema'
import { accountsRepository } from '../users/accounts.repository'
import { TOKEN_ISSUER } from './tokens'

const SECRET = 'test-secret-for-auth-routes'

describe('session calls', () => {
  let app: TestApp

  beforeAll(async () => {
    app = await createTestApp({ env: { SECRET, ACCESS_TOKEN_TTL_SECONDS: '600' } })
  })
  afterAll(() => app.close())

  describe('POST backend/auth/token', () => {
    it('hands out an access token, a refresh token and the lifetime in seconds', async () => {
      const account = await registerAccount(app)
      const response = await app.call<Record<string, unknown>>({
        method: 'POST',
        path: '/backend/auth/token',
        body: { username: account.username, password: account.password },
      })
      expect(response.httpStatus).toBe(200)
      expect(response.envelope.status).toBe(10000)
      expect(response.envelope.errorCode).toEqual([])
      expect(response.envelope.data).toMatchObject({ expires_in: 600, token_type: 'Bearer' })
      expect(response.envelope.data.access_token).toEqual(expect.any(String))
      expect(response.envelope.data.refresh_token).toEqual(expect.any(String))
    })

    it('accepts the account name in any letter case', async () => {
      const account = await registerAccount(app)
      await expect(
        login(app, { ...account, username: account.username.toUpperCase() }),
      ).resolves.toBeDefined()
    })

    it('logs in by phone with its country code', async () => {
      const phone = uniquePhone()
      const account = await registerAccount(app, { country_code: '86', phone })
      const response = await app.call({
        method: 'POST',
        path: '/backend/auth/token',
        body: { login_type: 'phone', country_code: '86', username: phone, password: account.password },
      })
      expect(response.envelope.status).toBe(10000)
      const wrongCountry = await app.call({
        method: 'POST',
        path: '/backend/auth/token',
        body: { login_type: 'phone', country_code: '1', username: phone, password: account.password },
      })
      expect(wrongCountry.envelope.status).toBe(ErrorCode.ACCOUNT_OR_PASSWORD)
    })

    it('answers the same for a wrong password and an unknown account', async () => {
      const account = await registerAccount(app)
      const wrongPassword = await app.call({
        method: 'POST',
        path: '/backend/auth/token',
        body: { username: account.username, password: 'wrong123' },
      })
      const unknown = await app.call({
        method: 'POST',
        path: '/backend/auth/token',
        body: { username: 'nobody_here_x', password: 'wrong123' },
      })
      for (const response of [wrongPassword, unknown]) {
        expect(response.httpStatus).toBe(400)
        expect(response.envelope).toMatchObject({ status: ErrorCode.ACCOUNT_OR_PASSWORD, data: null })
      }
    })

    it('refuses malformed credentials with the login wording (§5)', async () => {
      const response = await app.call({
        method: 'POST',
        path: '/backend/auth/token',
        body: { username: '1abc', password: '' },
      })
      expect(response.envelope.errorCode).toContain(ErrorCode.INVALID_PARAMETER)
      expect(response.envelope.data).toEqual({
        violations: [
          { field: 'username', rule: 'validation.account_pwd_error' },
          { field: 'password', rule: 'validation.pwd_empty' },
        ],
      })
    })

    it('tells a disabled account it is no longer in use', async () => {
      const account = await registerAccount(app)
      await accountsRepository(app.database.db).update(account.uid, { status: ACCOUNT_DISABLED })
      const response = await app.call({
        method: 'POST',
        path: '/backend/auth/token',
        body: { username: account.username, password: account.password },
      })
      expect(response.envelope.status).toBe(ErrorCode.ACCOUNT_DISABLED)
      expect(response.httpStatus).toBe(401)
    })
  })

  describe('GET backend/auth/userinfo', () => {
    it('describes the caller for the guard and the frame', async () => {
      const account = await signedInAccount(app)
      const response = await app.call({ path: '/backend/auth/userinfo', token: account.token })
      expect(response.envelope.data).toEqual({
        uid: account.uid,
        name: account.username,
        username: account.username,
        level: 0,
        is_primary: 1,
        is_master: 1,
        bindWechat: 0,
        roles: [],
        menus: ['home', 'device', 'project', 'maintain', 'auth'],
        device_functions: [
          'view',
          'bind',
          'edit',
          'reboot',
          'upgrade',
          'backup',
          'portal',
          'move',
          'unbind',
          'delete',
        ],
        guest: 0,
      })
    })

    it('refuses a missing, a forged and an expired token with 401', async () => {
      const missing = await app.call({ path: '/backend/auth/userinfo' })
      expect(missing.httpStatus).toBe(401)
      expect(missing.envelope.status).toBe(ErrorCode.TOKEN_MISSING)

      const forged = await app.call({ path: '/backend/auth/userinfo', token: 'not.a.token' })
      expect(forged.httpStatus).toBe(401)
      expect(forged.envelope.status).toBe(ErrorCode.TOKEN_INVALID)

      const account = await signedInAccount(app)
      const [, payload] = account.token.split('.')
      const { sid, sub } = JSON.parse(Buffer.from(payload!, 'base64url').toString())
      const signInThePast = createSigner({
        key: SECRET,
        aud: 'canopy:access',
        iss: TOKEN_ISSUER,
        expiresIn: 1000,
        clockTimestamp: Date.now() - 60_000,
      })
      const expired = await app.call({ path: '/backend/auth/userinfo', token: signInThePast({ sid, sub }) })
      expect(expired.httpStatus).toBe(401)
      expect(expired.envelope.status).toBe(ErrorCode.TOKEN_EXPIRED)
    })
  })

  describe('POST backend/auth/token/refresh', () => {
    it('rotates: the new pair works, and reusing the old refresh token ends the whole family', async () => {
      const account = await signedInAccount(app)
      const first = await app.call<{ access_token: string; refresh_token: string }>({
        method: 'POST',
        path: '/backend/auth/token/refresh',
        body: { refresh_token: account.session.refresh_token },
      })
      expect(first.envelope.status).toBe(10000)
      const rotated = first.envelope.data
      expect(rotated.refresh_token).not.toBe(account.session.refresh_token)
      expect(
        (await app.call({ path: '/backend/user/info', token: rotated.access_token })).envelope.status,
      ).toBe(10000)

      const replay = await app.call({
        method: 'POST',
        path: '/backend/auth/token/refresh',
        body: { refresh_token: account.session.refresh_token },
      })
      expect(replay.envelope.status).toBe(ErrorCode.REFRESH_TOKEN_REUSED)
      expect(replay.httpStatus).toBe(401)

      const afterReplay = await app.call({ path: '/backend/user/info', token: rotated.access_token })
      expect(afterReplay.envelope.status).toBe(ErrorCode.SESSION_ENDED)
      const refreshAfterReplay = await app.call({
        method: 'POST',
        path: '/backend/auth/token/refresh',
        body: { refresh_token: rotated.refresh_token },
      })
      expect(refreshAfterReplay.envelope.status).toBe(ErrorCode.SESSION_ENDED)
    })

    it('refuses an unknown refresh token', async () => {
      const response = await app.call({
        method: 'POST',
        path: '/backend/auth/token/refresh',
        body: { refresh_token: 'made-up' },
      })
      expect(response.envelope.status).toBe(ErrorCode.REFRESH_TOKEN_INVALID)
    })
  })

  describe("the console's refresh cookie", () => {
    /** The refresh cookie a response sets, as `name=value` plus its attributes. */
    function refreshCookie(response: { raw: { headers: Record<string, unknown> } }) {
      const header = response.raw.headers['set-cookie']
      const lines = (Array.isArray(header) ? header : [header]).filter(
        (line): line is string => typeof line === 'string',
      )
      const line = lines.find((candidate) => candidate.startsWith('canopy_refresh='))
      if (!line) return undefined
      const [pair, ...attributes] = line.split(/;\s*/)
      return { value: pair!.slice('canopy_refresh='.length), attributes }
    }
    const refreshWithCookie = (value: string) =>
      app.call<Record<string, unknown>>({
        method: 'POST',
        path: '/backend/auth/token/refresh',
        body: {},
        headers: { cookie: `canopy_refresh=${value}` },
      })

    it('login keeps the refresh token in an HttpOnly, SameSite=Strict cookie sent only to the refresh call', async () => {
      const account = await registerAccount(app)
      const response = await app.call<{ refresh_token: string }>({
        method: 'POST',
        path: '/backend/auth/token',
        body: { username: account.username, password: account.password },
      })
      const cookie = refreshCookie(response)
      expect(cookie?.value).toBe(response.envelope.data.refresh_token)
      expect(cookie?.attributes).toEqual(
        expect.arrayContaining(['Path=/api/backend/auth/token/refresh', 'HttpOnly', 'SameSite=Strict']),
      )
      expect(cookie?.attributes).toContain(`Max-Age=${30 * 86400}`)
      // plain HTTP here: a Secure cookie would never come back
      expect(cookie?.attributes).not.toContain('Secure')
    })

    it('refreshes from the cookie alone, rotating it and answering without the refresh token', async () => {
      const account = await signedInAccount(app)
      const first = await refreshWithCookie(account.session.refresh_token)
      expect(first.envelope.status).toBe(10000)
      expect(first.envelope.data).not.toHaveProperty('refresh_token')
      expect(first.envelope.data).toMatchObject({ expires_in: 600, token_type: 'Bearer' })
      const rotated = refreshCookie(first)?.value
      expect(rotated).toEqual(expect.any(String))
      expect(rotated).not.toBe(account.session.refresh_token)
      const token = first.envelope.data.access_token as string
      expect((await app.call({ path: '/backend/user/info', token })).envelope.status).toBe(10000)

      // the cookie is single-use like any refresh token: the old one again ends the family
      const replay = await refreshWithCookie(account.session.refresh_token)
      expect(replay.envelope.status).toBe(ErrorCode.REFRESH_TOKEN_REUSED)
      expect((await refreshWithCookie(rotated!)).envelope.status).toBe(ErrorCode.SESSION_ENDED)
    })

    it('refuses a refresh with neither a body token nor a cookie', async () => {
      const response = await app.call({ method: 'POST', path: '/backend/auth/token/refresh', body: {} })
      expect(response.httpStatus).toBe(401)
      expect(response.envelope.status).toBe(ErrorCode.REFRESH_TOKEN_INVALID)
    })

    it('logout clears the cookie', async () => {
      const account = await signedInAccount(app)
      const response = await app.call({ path: '/backend/auth/token/destroy', token: account.token })
      const cookie = refreshCookie(response)
      expect(cookie?.value).toBe('')
      expect(cookie?.attributes).toContain('Path=/api/backend/auth/token/refresh')
      expect(cookie?.attributes.some((attribute) => /^Expires=Thu, 01 Jan 1970/.test(attribute))).toBe(true)
    })
  })

  describe('GET backend/auth/token/destroy', () => {
    it('ends the session: its access and refresh tokens stop working, other sessions go on', async () => {
      const account = await signedInAccount(app)
      const other = await login(app, account)
      const response = await app.call({ path: '/backend/auth/token/destroy', token: account.token })
      expect(response.envelope).toEqual({ status: 10000, errorCode: [], data: null })

      const after = await app.call({ path: '/backend/user/info', token: account.token })
      expect(after.httpStatus).toBe(401)
      expect(after.envelope.status).toBe(ErrorCode.SESSION_ENDED)
      const refresh = await app.call({
        method: 'POST',
        path: '/backend/auth/token/refresh',
        body: { refresh_token: account.session.refresh_token },
      })
      expect(refresh.envelope.status).toBe(ErrorCode.SESSION_ENDED)
      const stillIn = await app.call({ path: '/backend/user/info', token: other.access_token })
      expect(stillIn.envelope.status).toBe(10000)
    })
  })
})

describe('login throttling', () => {
  let app: TestApp
  const WINDOW_SECONDS = 2

  beforeAll(async () => {
    app = await createTestApp({
      env: {
        TRUST_PROXY: 'true',
        RATE_LIMIT_LOGIN_PER_MINUTE: '5',
        RATE_LIMIT_LOGIN_ACCOUNT_ADDRESS_PER_MINUTE: '3',
        RATE_LIMIT_LOGIN_ACCOUNT_PER_MINUTE: '8',
        RATE_LIMIT_LOGIN_WINDOW_SECONDS: String(WINDOW_SECONDS),
      },
    })
  })
  afterAll(() => app.close())

  const attempt = (username: string, password: string, ip: string) =>
    app.call({
      method: 'POST',
      path: '/backend/auth/token',
      body: { username, password },
      headers: { 'x-forwarded-for': ip },
    })
  const statusesOf = async (count: number, next: (i: number) => ReturnType<typeof attempt>) => {
    const statuses: number[] = []
    for (let i = 0; i < count; i++) statuses.push((await next(i)).envelope.status)
    return statuses
  }
  const { ACCOUNT_OR_PASSWORD: WRONG, TOO_FREQUENT } = ErrorCode

  it('stops an attacker guessing from one address, while the owner gets in from another', async () => {
    const owner = await registerAccount(app)
    const attacker = await statusesOf(100, () => attempt(owner.username, 'guess123', '198.51.100.1'))
    expect(attacker.slice(0, 4)).toEqual([WRONG, WRONG, WRONG, TOO_FREQUENT])
    expect(new Set(attacker.slice(3))).toEqual(new Set([TOO_FREQUENT]))
    const refused = await attempt(owner.username, 'guess123', '198.51.100.1')
    expect(refused.httpStatus).toBe(429)
    expect(refused.envelope).toMatchObject({ status: TOO_FREQUENT, errorCode: [TOO_FREQUENT] })

    const fromElsewhere = await attempt(owner.username, owner.password, '203.0.113.50')
    expect(fromElsewhere.envelope.status).toBe(10000)
  })

  it('counts an address across accounts, and unknown accounts like known ones', async () => {
    const statuses = await statusesOf(6, (i) => attempt(uniqueName(`n${i}`), 'guess123', '198.51.100.2'))
    expect(statuses).toEqual([WRONG, WRONG, WRONG, WRONG, WRONG, TOO_FREQUENT])
    const someone = await registerAccount(app)
    expect((await attempt(someone.username, someone.password, '198.51.100.2')).envelope.status).toBe(
      TOO_FREQUENT,
    )
  })

  it('counts failures only: the owner signs in as often as they like, and signing in clears their count', async () => {
    const owner = await registerAccount(app)
    const signIns = await statusesOf(12, () => attempt(owner.username, owner.password, '198.51.100.3'))
    expect(new Set(signIns)).toEqual(new Set([10000]))
    const mixed = await statusesOf(5, (i) =>
      attempt(owner.username, i === 2 ? owner.password : 'guess123', '198.51.100.4'),
    )
    // Two typos, the right password, two more typos: never three failures in a row.
    expect(mixed).toEqual([WRONG, WRONG, 10000, WRONG, WRONG])
  })

  it('under guessing from many addresses, hears only addresses the account signed in from, until the guessing stops', async () => {
    const owner = await registerAccount(app)
    const KNOWN = '192.0.2.10'
    expect((await attempt(owner.username, owner.password, KNOWN)).envelope.status).toBe(10000)
    // Two guesses from each of many addresses: no address reaches its own limits.
    const botnet = await statusesOf(12, (i) =>
      attempt(owner.username, 'guess123', `203.0.113.${100 + Math.floor(i / 2)}`),
    )
    expect(botnet.slice(0, 8)).toEqual(Array(8).fill(WRONG))
    expect(new Set(botnet.slice(8))).toEqual(new Set([TOO_FREQUENT]))

    // A new address is refused before its password is checked, even the right one…
    expect((await attempt(owner.username, owner.password, '192.0.2.99')).envelope.status).toBe(TOO_FREQUENT)
    // …the address the owner signed in from is still heard, the wrong password still wrong.
    expect((await attempt(owner.username, 'guess123', KNOWN)).envelope.status).toBe(WRONG)
    expect((await attempt(owner.username, owner.password, KNOWN)).envelope.status).toBe(10000)

    // Once the guessing stops, the lock lifts within the window, for everyone.
    await new Promise((resolve) => setTimeout(resolve, WINDOW_SECONDS * 1000 + 200))
    expect((await attempt(owner.username, owner.password, '192.0.2.99')).envelope.status).toBe(10000)
    expect((await attempt(owner.username, 'guess123', '203.0.113.100')).envelope.status).toBe(WRONG)
  })

  it('lifts an address lock within the window once the guessing stops', async () => {
    const owner = await registerAccount(app)
    await statusesOf(4, () => attempt(owner.username, 'guess123', '198.51.100.5'))
    expect((await attempt(owner.username, owner.password, '198.51.100.5')).envelope.status).toBe(TOO_FREQUENT)
    await new Promise((resolve) => setTimeout(resolve, WINDOW_SECONDS * 1000 + 200))
    expect((await attempt(owner.username, owner.password, '198.51.100.5')).envelope.status).toBe(10000)
  })
})
