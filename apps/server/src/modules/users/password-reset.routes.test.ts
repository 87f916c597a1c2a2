import { ErrorCode } from '@canopy/shared/errors'
import { eq } from 'drizzle-orm'
import { createSigner } from 'fast-jwt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login, registerAccount, signedInAccount } from '../../../test/factories'
import { resetTokenIn, startMailbox } from '../../../test/mailbox'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { passwordResets } from '../../db/schema'
import type { OutgoingMail } from '../../notify/mailer'
import { TOKEN_ISSUER } from '../auth/tokens'

const SECRET = 'test-secret-for-password-reset'
const PUBLIC_URL = 'https://console.example.test'

let mailbox: Awaited<ReturnType<typeof startMailbox>>
let app: TestApp

beforeAll(async () => {
  mailbox = await startMailbox()
  app = await createTestApp({ env: { ...mailbox.env, SECRET, PUBLIC_URL } })
})
afterAll(async () => {
  await app.close()
  await mailbox.close()
})

const sendMail = (body: object, headers: Record<string, string> = {}) =>
  app.call<{ email: string }>({ method: 'POST', path: '/backend/user/password/sendmail', body, headers })
const checkMail = (token: string) =>
  app.call<{ username: string }>({
    method: 'POST',
    path: '/backend/user/password/checkmail',
    body: { token },
  })
const reset = (token: string, password: string) =>
  app.call({
    method: 'POST',
    path: '/backend/user/password/reset',
    body: { token, password, confirm_password: password },
  })

describe('forgotten password', () => {
  it('mails a link that resets the password once and signs the account out everywhere', async () => {
    const account = await signedInAccount(app)
    const sent = await sendMail({ username: account.username, email: account.email.toUpperCase() })
    expect(sent.envelope).toMatchObject({ status: 10000, data: { email: account.email } })

    const mail = await mailbox.waitFor(account.email)
    expect(mail.subject).toBe('Reset your Canopy password')
    expect(mail.text).toContain('https://console.example.test/resetpassword?token=')
    const token = resetTokenIn(mail)

    expect((await checkMail(token)).envelope.data).toEqual({ username: account.username })
    expect((await reset(token, 'brandnew1')).envelope.status).toBe(10000)
    await expect(login(app, { ...account, password: 'brandnew1' })).resolves.toBeDefined()
    const oldSession = await app.call({ path: '/backend/user/info', token: account.token })
    expect(oldSession.envelope.status).toBe(ErrorCode.CREDENTIALS_CHANGED)

    expect((await checkMail(token)).envelope.status).toBe(ErrorCode.LINK_INVALID)
    expect((await reset(token, 'another22')).envelope.status).toBe(ErrorCode.LINK_INVALID)
    await expect(login(app, { ...account, password: 'brandnew1' })).resolves.toBeDefined()
  })

  it.each([
    [{ cookie: 'lang=es' }, 'Restablezca su contraseña de Canopy'],
    [{ cookie: 'lang=zh-cn' }, '重置您的 Canopy 密码'],
    [{ 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.5' }, '重置您的 Canopy 密码'],
  ])('writes the mail in the caller language (%o)', async (headers, subject) => {
    const account = await registerAccount(app)
    await sendMail({ username: account.username, email: account.email }, headers)
    const mail = await mailbox.waitFor(account.email)
    expect(mail.subject).toBe(subject)
  })

  it('retires older links once one is used', async () => {
    const account = await registerAccount(app)
    await sendMail({ username: account.username, email: account.email })
    const firstToken = resetTokenIn(await mailbox.waitFor(account.email))
    mailbox.received.length = 0
    await sendMail({ username: account.username, email: account.email })
    const secondToken = resetTokenIn(await mailbox.waitFor(account.email))
    expect((await reset(secondToken, 'second22')).envelope.status).toBe(10000)
    expect((await checkMail(firstToken)).envelope.status).toBe(ErrorCode.LINK_INVALID)
  })

  it('tells an unknown account and a wrong e-mail apart, and sends nothing', async () => {
    const account = await registerAccount(app)
    const before = mailbox.received.length
    expect((await sendMail({ username: 'nobody_at_all', email: account.email })).envelope.status).toBe(
      ErrorCode.ACCOUNT_NOT_FOUND,
    )
    expect(
      (await sendMail({ username: account.username, email: 'other@example.test' })).envelope.status,
    ).toBe(ErrorCode.EMAIL_INCORRECT)
    expect(mailbox.received.length).toBe(before)
  })

  it('refuses a forged link and says when a link has expired', async () => {
    const account = await registerAccount(app)
    expect((await checkMail('forged.link.token')).envelope.status).toBe(ErrorCode.LINK_INVALID)

    const [row] = await app.database.db
      .insert(passwordResets)
      .values({ accountId: account.uid, expiresAt: new Date(Date.now() - 1000) })
      .returning()
    const signedLongAgo = createSigner({
      key: SECRET,
      aud: 'canopy:password-reset',
      iss: TOKEN_ISSUER,
      expiresIn: 60_000,
      clockTimestamp: Date.now() - 3_600_000,
    })
    const expiredToken = signedLongAgo({ sub: account.uid, jti: row!.id })
    expect((await checkMail(expiredToken)).envelope.status).toBe(ErrorCode.LINK_EXPIRED)
    expect((await reset(expiredToken, 'late1234')).envelope.status).toBe(ErrorCode.LINK_EXPIRED)

    const otherSecret = createSigner({ key: 'someone-else', aud: 'canopy:password-reset', expiresIn: 60_000 })
    expect((await checkMail(otherSecret({ sub: account.uid, jti: row!.id }))).envelope.status).toBe(
      ErrorCode.LINK_INVALID,
    )
  })
})

describe('forgotten password without a working mail service', () => {
  it('says the mail service is not configured', async () => {
    const unconfigured = await createTestApp()
    const account = await registerAccount(unconfigured)
    const response = await unconfigured.call({
      method: 'POST',
      path: '/backend/user/password/sendmail',
      body: { username: account.username, email: account.email },
    })
    expect(response.envelope.status).toBe(ErrorCode.MAIL_NOT_CONFIGURED)
    await unconfigured.close()
  })

  it('leaves no usable link behind when the SMTP server cannot be reached', async () => {
    const unreachable = await createTestApp({
      env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: '9', SMTP_FROM: 'canopy@example.test', PUBLIC_URL },
    })
    const account = await registerAccount(unreachable)
    const response = await unreachable.call({
      method: 'POST',
      path: '/backend/user/password/sendmail',
      body: { username: account.username, email: account.email },
    })
    expect(response.envelope.status).toBe(ErrorCode.MAIL_SEND_FAILED)
    const rows = await unreachable.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.accountId, account.uid))
    expect(rows).toEqual([])
    await unreachable.close()
  })
})

describe('the address in a mailed link', () => {
  const forged = {
    host: 'attacker.example',
    'x-forwarded-host': 'attacker.example',
    'x-forwarded-proto': 'http',
  }

  it('is PUBLIC_URL whatever Host or X-Forwarded-Host the request carries', async () => {
    const proxied = await createTestApp({ env: { ...mailbox.env, SECRET, PUBLIC_URL, TRUST_PROXY: 'true' } })
    try {
      for (const target of [app, proxied]) {
        const account = await registerAccount(target)
        const sent = await target.call({
          method: 'POST',
          path: '/backend/user/password/sendmail',
          body: { username: account.username, email: account.email },
          headers: forged,
        })
        expect(sent.envelope.status).toBe(10000)
        const mail = await mailbox.waitFor(account.email)
        expect(mail.text).toContain(`${PUBLIC_URL}/resetpassword?token=`)
        expect(mail.text).not.toContain('attacker.example')
      }
    } finally {
      await proxied.close()
    }
  })

  it('is never taken from the request: without PUBLIC_URL no link is mailed at all', async () => {
    const sent: OutgoingMail[] = []
    const bare = await createTestApp({
      mailer: { configured: true, send: async (mail) => void sent.push(mail) },
    })
    try {
      const account = await registerAccount(bare)
      const response = await bare.call({
        method: 'POST',
        path: '/backend/user/password/sendmail',
        body: { username: account.username, email: account.email },
        headers: forged,
      })
      expect(response.envelope.status).toBe(ErrorCode.MAIL_NOT_CONFIGURED)
      expect(sent).toEqual([])
    } finally {
      await bare.close()
    }
  })
})

describe('rate limits on the mail calls (per IP and per account)', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await createTestApp({
      env: { ...mailbox.env, SECRET, PUBLIC_URL, RATE_LIMIT_MAIL_PER_HOUR: '2' },
    })
  })
  afterAll(() => limited.close())

  /** The HTTP status of a call from one client address (inject's remoteAddress is request.ip). */
  async function from(ip: string, path: string, body: object): Promise<number> {
    const raw = await limited.http.inject({
      method: 'POST',
      url: `${limited.apiRoot}/backend/user/password/${path}`,
      payload: body,
      remoteAddress: ip,
    })
    return raw.statusCode
  }

  /** A genuine link for a fresh account, asked for from an address no other test uses. */
  async function genuineToken(ip: string): Promise<string> {
    const account = await registerAccount(limited)
    expect(await from(ip, 'sendmail', { username: account.username, email: account.email })).toBe(200)
    return resetTokenIn(await mailbox.waitFor(account.email))
  }

  const resetBody = (token: string) => ({ token, password: 'brandnew1', confirm_password: 'brandnew1' })

  it('sendmail: one address asking for many accounts is refused, another address is not', async () => {
    const ask = (ip: string, username: string) =>
      from(ip, 'sendmail', { username, email: `${username}@example.test` })
    const statuses = []
    for (const name of ['ghost_ip_a', 'ghost_ip_b', 'ghost_ip_c'])
      statuses.push(await ask('198.51.100.10', name))
    // The accounts do not exist (404): the limit counts the calls, not the mails sent.
    expect(statuses).toEqual([404, 404, 429])
    expect(await ask('198.51.100.11', 'ghost_ip_d')).toBe(404)
  })

  it('sendmail: one account asked for from many addresses is refused, another account is not', async () => {
    const ask = (ip: string, username: string) =>
      from(ip, 'sendmail', { username, email: `${username}@example.test` })
    const statuses = []
    for (const ip of ['198.51.100.21', '198.51.100.22', '198.51.100.23'])
      statuses.push(await ask(ip, 'Ghost_Same'))
    expect(statuses).toEqual([404, 404, 429])
    // The account name counts without regard to letter case.
    expect(await ask('198.51.100.24', 'ghost_same')).toBe(429)
    expect(await ask('198.51.100.23', 'ghost_other')).toBe(404)
  })

  it('checkmail: one address trying many links is refused, another address is not', async () => {
    const statuses = []
    for (const n of [1, 2, 3])
      statuses.push(await from('198.51.100.31', 'checkmail', { token: `forged.${n}` }))
    expect(statuses).toEqual([400, 400, 429])
    expect(await from('198.51.100.32', 'checkmail', { token: 'forged.4' })).toBe(400)
  })

  it('checkmail: one genuine link opened from many addresses is refused, other links are not', async () => {
    const token = await genuineToken('198.51.100.40')
    const statuses = []
    for (const ip of ['198.51.100.41', '198.51.100.42', '198.51.100.43'])
      statuses.push(await from(ip, 'checkmail', { token }))
    expect(statuses).toEqual([200, 200, 429])
    expect(await from('198.51.100.43', 'checkmail', { token: await genuineToken('198.51.100.44') })).toBe(200)
  })

  it('reset: one address trying many links is refused, another address is not', async () => {
    const statuses = []
    for (const n of [1, 2, 3]) statuses.push(await from('198.51.100.51', 'reset', resetBody(`forged.${n}`)))
    expect(statuses).toEqual([400, 400, 429])
    expect(await from('198.51.100.52', 'reset', resetBody('forged.4'))).toBe(400)
  })

  it('reset: one genuine link used from many addresses is refused, other links are not', async () => {
    const token = await genuineToken('198.51.100.60')
    const statuses = []
    for (const ip of ['198.51.100.61', '198.51.100.62', '198.51.100.63'])
      statuses.push(await from(ip, 'reset', resetBody(token)))
    // Used once (200), then invalid (400), then too frequent for that account.
    expect(statuses).toEqual([200, 400, 429])
    expect(await from('198.51.100.63', 'reset', resetBody(await genuineToken('198.51.100.64')))).toBe(200)
  })

  it('refuses with the "too frequent" envelope', async () => {
    for (const n of [1, 2]) await from('198.51.100.71', 'checkmail', { token: `forged.${n}` })
    const raw = await limited.http.inject({
      method: 'POST',
      url: `${limited.apiRoot}/backend/user/password/checkmail`,
      payload: { token: 'forged.3' },
      remoteAddress: '198.51.100.71',
    })
    expect(raw.json()).toEqual({
      status: ErrorCode.TOO_FREQUENT,
      errorCode: [ErrorCode.TOO_FREQUENT],
      data: null,
    })
  })
})
