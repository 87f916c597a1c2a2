import { ErrorCode } from '@canopy/shared/errors'
import { LANGUAGE_COOKIE } from '@canopy/shared/i18n/languages'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually } from '../../../test/devices'
import { login, registerAccount, rootProjectOf, uniqueName } from '../../../test/factories'
import { startMailbox } from '../../../test/mailbox'
import { createTestApp, type TestApp } from '../../../test/test-app'

/**
 * The account's console language: kept at registration and login (the language the console
 * shows, as its cookie tells) and when the user switches (`backend/user/language`), each account
 * its own; push mails are written in it, and in the server's default for an account that never
 * said.
 */
describe('the account’s language', () => {
  let mailbox: Awaited<ReturnType<typeof startMailbox>>
  let app: TestApp

  const cookie = (language: string) => ({ cookie: `${LANGUAGE_COOKIE}=${language}` })
  const languageOf = async (uid: number) =>
    (
      await app.database.pool.query<{ language: string | null }>(
        'select language from accounts where id = $1',
        [uid],
      )
    ).rows[0]!.language
  const tenantOf = async (uid: number) =>
    (
      await app.database.pool.query<{ tenant_id: number }>('select tenant_id from accounts where id = $1', [
        uid,
      ])
    ).rows[0]!.tenant_id
  const upgradeMessage = (tenantId: number, uid: number, order: string) => ({
    tenantId,
    accountIds: [uid],
    kind: 'upgrade' as const,
    titleKey: 'messageTitles.upgradeFinished',
    params: { order, success: 3, failed: 1 },
    link: '/maintain/upgrade',
    push: { email: true },
  })
  const mailTo = (email: string, order: string) =>
    eventually(
      async () => mailbox.received.find((mail) => mail.to.includes(email) && mail.subject.includes(order)),
      (mail) => mail !== undefined,
    ).then((mail) => mail!)

  beforeAll(async () => {
    mailbox = await startMailbox()
    app = await createTestApp({
      env: { ...mailbox.env, PUBLIC_URL: 'https://console.example.test', PUSH_DIGEST_SECONDS: '1' },
    })
  })

  afterAll(async () => {
    await app?.close()
    await mailbox?.close()
  })

  it('is kept at registration and login, and when the user switches; another value changes nothing', async () => {
    const username = uniqueName()
    const registered = await app.call<{ uid: number }>({
      method: 'POST',
      path: '/backend/user/register',
      headers: cookie('zh-cn'),
      body: {
        username,
        password: 'secret123',
        confirm_password: 'secret123',
        email: `${username}@example.test`,
        agreement: true,
      },
    })
    const uid = registered.envelope.data.uid
    expect(await languageOf(uid)).toBe('zh-cn')

    const signedIn = await app.call<{ access_token: string }>({
      method: 'POST',
      path: '/backend/auth/token',
      headers: cookie('es'),
      body: { username, password: 'secret123' },
    })
    const token = signedIn.envelope.data.access_token
    expect(await languageOf(uid)).toBe('es')

    await app.ok({ method: 'POST', path: '/backend/user/language', token, body: { language: 'en-us' } })
    expect(await languageOf(uid)).toBe('en-us')
    for (const language of ['fr', 'EN', '', 7]) {
      const refused = await app.call({
        method: 'POST',
        path: '/backend/user/language',
        token,
        body: { language },
      })
      expect(refused.envelope.errorCode, String(language)).toEqual([ErrorCode.INVALID_PARAMETER])
    }
    expect(await languageOf(uid)).toBe('en-us')
    const anonymous = await app.call({
      method: 'POST',
      path: '/backend/user/language',
      body: { language: 'es' },
    })
    expect(anonymous.envelope.errorCode).toEqual([ErrorCode.TOKEN_MISSING])
  })

  it('is each account’s own: a child’s switch changes only the child’s', async () => {
    const owner = await registerAccount(app)
    const ownerToken = (await login(app, owner)).access_token
    await app.ok({
      method: 'POST',
      path: '/backend/user/language',
      token: ownerToken,
      body: { language: 'zh-cn' },
    })
    const { id: roleId } = await app.ok<{ id: number }>({
      method: 'POST',
      path: '/backend/role/add',
      token: ownerToken,
      body: {
        name: uniqueName('r').slice(0, 10),
        menus: ['device'],
        device_functions: ['view'],
        project_ids: [await rootProjectOf(app, ownerToken)],
      },
    })
    const child = { username: uniqueName('c'), password: 'child123' }
    const { uid: childUid } = await app.ok<{ uid: number }>({
      method: 'POST',
      path: '/backend/user/child/add',
      token: ownerToken,
      body: { ...child, confirm_password: child.password, level: 2, role_ids: [roleId] },
    })
    // A child made by its owner has said nothing yet.
    expect(await languageOf(childUid)).toBeNull()
    const childToken = (await login(app, child)).access_token
    await app.ok({
      method: 'POST',
      path: '/backend/user/language',
      token: childToken,
      body: { language: 'es' },
    })
    expect(await languageOf(childUid)).toBe('es')
    expect(await languageOf(owner.uid)).toBe('zh-cn')
  })

  it('writes push mails in the reader’s language, and in the server’s default for one that never said', async () => {
    const reader = await registerAccount(app)
    const token = (await login(app, reader)).access_token
    const tenantId = await tenantOf(reader.uid)
    await app.ok({ method: 'POST', path: '/backend/user/language', token, body: { language: 'es' } })
    await app.messages.post(upgradeMessage(tenantId, reader.uid, 'U-ES'))
    const spanish = await mailTo(reader.email, 'U-ES')
    expect(spanish.subject).toBe('Orden de actualización U-ES terminada: 3 correctas, 1 fallidas')
    expect(spanish.text).toContain('Mensajes del sistema nuevos en su consola Canopy')

    await app.ok({ method: 'POST', path: '/backend/user/language', token, body: { language: 'zh-cn' } })
    await app.messages.post(upgradeMessage(tenantId, reader.uid, 'U-ZH'))
    expect((await mailTo(reader.email, 'U-ZH')).subject).toBe('升级单U-ZH已完成：成功3台，失败1台')

    await app.database.pool.query('update accounts set language = null where id = $1', [reader.uid])
    await app.messages.post(upgradeMessage(tenantId, reader.uid, 'U-EN'))
    expect((await mailTo(reader.email, 'U-EN')).subject).toBe(
      'Upgrade order U-EN finished: 3 succeeded, 1 failed',
    )
  })
})
