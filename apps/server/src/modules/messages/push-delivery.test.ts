import { ErrorCode } from '@canopy/shared/errors'
import type { MessageView } from '@canopy/shared/validation'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually } from '../../../test/devices'
import { signedInAccount } from '../../../test/factories'
import { startMailbox } from '../../../test/mailbox'
import { freePort } from '../../../test/ports'
import { createTestApp, type TestApp } from '../../../test/test-app'

let mailbox: Awaited<ReturnType<typeof startMailbox>>
let app: TestApp

const pushEnv = () => ({
  ...mailbox.env,
  PUBLIC_URL: 'https://console.example.test',
  PUSH_DIGEST_SECONDS: '1',
  PUSH_RETRY_SECONDS: '1',
  PUSH_ATTEMPTS: '3',
})

async function tenantOf(target: TestApp, uid: number): Promise<number> {
  const { rows } = await target.database.pool.query<{ tenant_id: number }>(
    'select tenant_id from accounts where id = $1',
    [uid],
  )
  return rows[0]!.tenant_id
}

const alarm = (tenantId: number, uid: number, value: number) => ({
  tenantId,
  accountIds: [uid],
  kind: 'alarm' as const,
  titleKey: 'messageTitles.upgradeFinished',
  params: { order: `U-${value}`, success: value, failed: 0 },
  link: '/maintain/upgrade',
  push: { email: true },
})

const messagesOf = (target: TestApp, token: string) =>
  target.ok<{ list: MessageView[] }>({
    method: 'POST',
    path: '/backend/msg/list',
    token,
    body: { pageIndex: 1, pageOffset: 50 },
  })

beforeAll(async () => {
  mailbox = await startMailbox()
  app = await createTestApp({ env: pushEnv() })
})

afterAll(async () => {
  await app?.close()
  await mailbox?.close()
})

describe('e-mail pushes', () => {
  it('mails a message through the server’s SMTP, and a storm as one digest', async () => {
    const owner = await signedInAccount(app)
    const tenantId = await tenantOf(app, owner.uid)
    await app.messages.post(alarm(tenantId, owner.uid, 1))
    const first = await mailbox.waitFor(owner.email)
    expect(first.subject).toBe('Upgrade order U-1 finished: 1 succeeded, 0 failed')
    expect(first.text).toContain('https://console.example.test/maintain/upgrade')
    const before = mailbox.received.filter((mail) => mail.to.includes(owner.email)).length
    await Promise.all([2, 3, 4, 5, 6].map((value) => app.messages.post(alarm(tenantId, owner.uid, value))))
    const digest = await eventually(
      async () => mailbox.received.filter((mail) => mail.to.includes(owner.email)).slice(before),
      (mails) =>
        mails.reduce((sum, mail) => sum + (mail.text.match(/Upgrade order U-/g)?.length ?? 0), 0) === 5,
    )
    // Five messages in at most two windows' mails, never one mail each.
    expect(digest.length).toBeLessThanOrEqual(2)
    expect(digest.some((mail) => /new system messages/.test(mail.subject))).toBe(true)
    const { list } = await messagesOf(app, owner.token)
    expect(list.every((message) => message.pushes[0]?.status === 'sent')).toBe(true)
  })

  it('retries a mail server that is down, then shows the failure on the message', async () => {
    const owner = await signedInAccount(app)
    const tenantId = await tenantOf(app, owner.uid)
    await app.ok({
      method: 'POST',
      path: '/backend/msg/mail/save',
      token: owner.token,
      body: { host: '127.0.0.1', port: await freePort(), address: 'alerts@example.test' },
    })
    await app.messages.post(alarm(tenantId, owner.uid, 7))
    const { list } = await eventually(
      () => messagesOf(app, owner.token),
      (page) => page.list[0]?.pushes[0]?.status === 'failed',
      30_000,
    )
    expect(list[0]!.pushes[0]).toMatchObject({ channel: 'email', status: 'failed', attempts: 3 })
    expect(list[0]!.pushes[0]!.error).toMatch(/ECONNREFUSED|connect/i)
  })

  it('loses nothing across a restart: a push still retrying is sent by the next process', async () => {
    const down = await freePort()
    const first = await createTestApp({ env: { ...pushEnv(), PUSH_RETRY_SECONDS: '2', PUSH_ATTEMPTS: '10' } })
    const owner = await signedInAccount(first)
    const tenantId = await tenantOf(first, owner.uid)
    const settings = { host: '127.0.0.1', port: down, address: 'alerts@example.test' }
    await first.ok({ method: 'POST', path: '/backend/msg/mail/save', token: owner.token, body: settings })
    await first.messages.post(alarm(tenantId, owner.uid, 8))
    await eventually(
      () => messagesOf(first, owner.token),
      (page) => (page.list[0]?.pushes[0]?.attempts ?? 0) >= 1,
      20_000,
    )
    await first.close()
    // The tenant's mail server is back (here: the mailbox), and a new process starts.
    const second = await createTestApp({ env: pushEnv() })
    try {
      await second.ok({
        method: 'POST',
        path: '/backend/msg/mail/save',
        token: owner.token,
        body: { ...settings, port: mailbox.port },
      })
      const mail = await mailbox.waitFor(owner.email)
      expect(mail.subject).toBe('Upgrade order U-8 finished: 8 succeeded, 0 failed')
      const { list } = await eventually(
        () => messagesOf(second, owner.token),
        (page) => page.list[0]?.pushes[0]?.status === 'sent',
      )
      expect(list[0]!.pushes[0]!.attempts).toBeGreaterThanOrEqual(2)
    } finally {
      await second.close()
    }
  })
})

describe('the tenant’s e-mail service (§3, §5)', () => {
  it('defaults to the server’s, saves its own, and sends a test mail through it', async () => {
    const owner = await signedInAccount(app)
    expect(await app.ok({ path: '/backend/msg/mail/info', token: owner.token })).toMatchObject({
      usesServerDefault: true,
      serverConfigured: true,
    })
    const saved = { host: '127.0.0.1', port: mailbox.port, address: 'noc@example.test' }
    await app.ok({ method: 'POST', path: '/backend/msg/mail/save', token: owner.token, body: saved })
    expect(await app.ok({ path: '/backend/msg/mail/info', token: owner.token })).toMatchObject({
      ...saved,
      usesServerDefault: false,
    })
    await app.ok({ method: 'POST', path: '/backend/msg/mail/test', token: owner.token })
    expect((await mailbox.waitFor(owner.email)).subject).toBe('Canopy test e-mail')
  })

  it('refuses a port outside 1–65535, an empty server or a bad address, saving nothing', async () => {
    const owner = await signedInAccount(app)
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ host: 'smtp.example.test', port: 0, address: 'a@example.test' }, ErrorCode.INVALID_PARAMETER],
      [{ host: 'smtp.example.test', port: 65536, address: 'a@example.test' }, ErrorCode.INVALID_PARAMETER],
      [{ host: '', port: 25, address: 'a@example.test' }, ErrorCode.MISSING_PARAMETERS],
      [{ host: 'smtp.example.test', port: 25, address: 'not-an-address' }, ErrorCode.INVALID_PARAMETER],
      [{ host: 'smtp.example.test', port: 25, address: '' }, ErrorCode.MISSING_PARAMETERS],
    ]
    const codes = []
    for (const [body] of cases) {
      const refused = await app.call({
        method: 'POST',
        path: '/backend/msg/mail/save',
        token: owner.token,
        body,
      })
      codes.push(refused.envelope.errorCode[0])
    }
    expect(codes).toEqual(cases.map(([, code]) => code))
    expect(await app.ok({ path: '/backend/msg/mail/info', token: owner.token })).toMatchObject({
      usesServerDefault: true,
    })
  })

  it('tells a failed test mail with the server’s words', async () => {
    const owner = await signedInAccount(app)
    const body = { host: '127.0.0.1', port: await freePort(), address: 'noc@example.test' }
    await app.ok({ method: 'POST', path: '/backend/msg/mail/save', token: owner.token, body })
    const failed = await app.call({ method: 'POST', path: '/backend/msg/mail/test', token: owner.token })
    expect(failed.envelope.errorCode).toEqual([ErrorCode.MAIL_SEND_FAILED])
  })
})
