import { ErrorCode } from '@canopy/shared/errors'
import { eq } from 'drizzle-orm'
import { createSigner } from 'fast-jwt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login, registerAccount, signedInAccount } from '../../../test/factories'
import { resetTokenIn, startMailbox } from '../../../test/mailbox'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { passwordResets } from '../../db/schema'

const SECRET = 'test-secret-for-password-reset'

let mailbox: Awaited<ReturnType<typeof startMailbox>>
let app: TestApp

beforeAll(async () => {
  mailbox = await startMailbox()
  app = await createTestApp({ env: { ...mailbox.env, SECRET, PUBLIC_URL: 'https://console.example.test' } })
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
      env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: '9', SMTP_FROM: 'canopy@example.test' },
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

describe('rate limit on the mail calls', () => {
  it('answers 429 past the limit per account', async () => {
    const limited = await createTestApp({ env: { ...mailbox.env, RATE_LIMIT_MAIL_PER_HOUR: '2' } })
    const account = await registerAccount(limited)
    const statuses = []
    for (let i = 0; i < 3; i++) {
      const response = await limited.call({
        method: 'POST',
        path: '/backend/user/password/sendmail',
        body: { username: account.username, email: account.email },
      })
      statuses.push(response.httpStatus)
    }
    expect(statuses).toEqual([200, 200, 429])
    await limited.close()
  })
})
