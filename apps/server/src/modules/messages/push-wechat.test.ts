import type { MessageView } from '@canopy/shared/validation'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually } from '../../../test/devices'
import { signedInAccount } from '../../../test/factories'
import { isolatedDatabase } from '../../../test/isolated-database'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { scanEvent, signedCallbackQuery, startWechatStandIn } from '../../../test/wechat-stand-in'
import type { NewMessage } from './messages.service'

/**
 * WeChat pushes of system messages: template messages through the stand-in of the Official
 * Account API, as durable jobs like the mails — delivered to a bound account (a storm as a
 * digest per kind), failed visibly for an unbound account, a kind without a template or a user
 * who unfollowed; retried while WeChat cannot be reached, then failed; and sent by the next
 * process after a restart. Each app has the database to itself while it runs (one push queue).
 */
type StandIn = Awaited<ReturnType<typeof startWechatStandIn>>

let database: Awaited<ReturnType<typeof isolatedDatabase>>

const pushEnv = (standIn: StandIn, overrides: Record<string, string> = {}) => ({
  ...standIn.env,
  PUBLIC_URL: 'https://console.example.test',
  PUSH_DIGEST_SECONDS: '1',
  PUSH_RETRY_SECONDS: '1',
  PUSH_ATTEMPTS: '3',
  ...overrides,
})

async function tenantOf(app: TestApp, uid: number): Promise<number> {
  const { rows } = await app.database.pool.query<{ tenant_id: number }>(
    'select tenant_id from accounts where id = $1',
    [uid],
  )
  return rows[0]!.tenant_id
}

/** A new account bound to WeChat user `openId` the way a user binds: QR code, then the scan. */
async function boundAccount(app: TestApp, standIn: StandIn, openId: string) {
  const account = await signedInAccount(app)
  await app.ok({ path: '/backend/wechat/bind/qrcode', token: account.token })
  const scanned = await app.http.inject({
    method: 'POST',
    url: '/api/wechat/callback',
    query: signedCallbackQuery(standIn.env.WECHAT_TOKEN),
    headers: { 'content-type': 'text/xml' },
    payload: scanEvent(openId, standIn.stats.qrCodes.at(-1)!.scene),
  })
  expect(scanned.body).toBe('success')
  return { ...account, tenantId: await tenantOf(app, account.uid) }
}

const cpuAlarm = (account: { tenantId: number; uid: number }, value: number): NewMessage => ({
  tenantId: account.tenantId,
  accountIds: [account.uid],
  kind: 'alarm',
  titleKey: 'alarmMessages.fired.cpu',
  params: { device: 'AP-1', value, threshold: 90 },
  link: '/device/detail?id=7',
  push: { wechat: true },
})

const messagesOf = (app: TestApp, token: string) =>
  app.ok<{ list: MessageView[] }>({
    method: 'POST',
    path: '/backend/msg/list',
    token,
    body: { pageIndex: 1, pageOffset: 50 },
  })

/** Waits until every message of the account has its WeChat push settled (sent or failed). */
const settled = (app: TestApp, token: string, timeoutMs = 15_000) =>
  eventually(
    () => messagesOf(app, token),
    (page) => page.list.length > 0 && page.list.every((message) => message.pushes[0]?.status !== 'pending'),
    timeoutMs,
  )

beforeAll(async () => {
  database = await isolatedDatabase()
})

afterAll(async () => {
  await database?.drop()
})

describe('WeChat pushes', () => {
  let standIn: StandIn
  let app: TestApp

  beforeAll(async () => {
    standIn = await startWechatStandIn()
    app = await createTestApp({ database, env: pushEnv(standIn) })
  })

  afterAll(async () => {
    await app?.close()
    await standIn?.close()
  })

  it('sends a bound account a template message, and a storm as one digest per kind', async () => {
    const account = await boundAccount(app, standIn, 'openid-bound')
    await app.messages.post(cpuAlarm(account, 97))
    const [first] = await eventually(
      async () => standIn.sentTo('openid-bound'),
      (sends) => sends.length === 1,
    )
    expect(first).toMatchObject({
      template_id: 'tpl-alarm',
      url: 'https://console.example.test/device/detail?id=7',
      data: {
        first: { value: 'Alarm: CPU of AP-1 at 97% (above 90%)' },
        keyword1: { value: 'Alarm' },
        remark: { value: 'Open the console to read it.' },
      },
    })
    expect(first!.data.keyword2!.value).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/)
    expect((await settled(app, account.token)).list[0]!.pushes[0]).toMatchObject({
      channel: 'wechat',
      status: 'sent',
      attempts: 1,
    })

    await Promise.all([
      ...[91, 92, 93, 94].map((value) => app.messages.post(cpuAlarm(account, value))),
      app.messages.post({
        ...cpuAlarm(account, 0),
        kind: 'recovery',
        titleKey: 'alarmMessages.recovered.cpu',
      }),
    ])
    const { list } = await eventually(
      () => messagesOf(app, account.token),
      (page) => page.list.length === 6 && page.list.every((message) => message.pushes[0]?.status === 'sent'),
    )
    expect(list).toHaveLength(6)
    const storm = standIn.sentTo('openid-bound').slice(1)
    // Five messages in at most two windows, one message per kind in each: never one each.
    expect(storm.length).toBeLessThanOrEqual(4)
    expect(storm.filter((send) => send.template_id === 'tpl-recovery')).not.toHaveLength(0)
    const alarms = storm.filter((send) => send.template_id === 'tpl-alarm')
    expect(alarms.some((send) => /^\d new system messages$/.test(send.data.first!.value))).toBe(true)
    expect(alarms.some((send) => send.url === 'https://console.example.test/msg')).toBe(true)
  })

  it('writes the template message in the reader’s language', async () => {
    const account = await boundAccount(app, standIn, 'openid-chinese')
    await app.ok({
      method: 'POST',
      path: '/backend/user/language',
      token: account.token,
      body: { language: 'zh-cn' },
    })
    await app.messages.post(cpuAlarm(account, 97))
    const [sent] = await eventually(
      async () => standIn.sentTo('openid-chinese'),
      (sends) => sends.length === 1,
    )
    expect(sent!.data).toMatchObject({
      first: { value: '告警：AP-1 的 CPU 为 97%（高于 90%）' },
      keyword1: { value: '告警' },
      remark: { value: '请打开控制台查看。' },
    })
  })

  it('fails the push of an account not bound to WeChat at once, visibly', async () => {
    const unbound = await signedInAccount(app)
    await app.messages.post(cpuAlarm({ uid: unbound.uid, tenantId: await tenantOf(app, unbound.uid) }, 95))
    const { list } = await settled(app, unbound.token)
    expect(list[0]!.pushes[0]).toMatchObject({
      channel: 'wechat',
      status: 'failed',
      attempts: 1,
      error: 'The account is not bound to WeChat',
    })
  })

  it('fails visibly a kind without a template, and a user who no longer follows the account', async () => {
    const account = await boundAccount(app, standIn, 'openid-unfollowed')
    await app.messages.post({ ...cpuAlarm(account, 96), kind: 'inspection' })
    expect((await settled(app, account.token)).list[0]!.pushes[0]).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: 'No WeChat template is set for inspection messages on this server',
    })
    standIn.unfollow('openid-unfollowed')
    await app.messages.post(cpuAlarm(account, 98))
    const { list } = await settled(app, account.token)
    expect(list[0]!.pushes[0]).toMatchObject({ status: 'failed', attempts: 1 })
    expect(list[0]!.pushes[0]!.error).toMatch(/43004/)
    expect(standIn.sentTo('openid-unfollowed')).toEqual([])
  })
})

describe('WeChat out of reach', () => {
  it('retries while WeChat cannot be reached, then shows the failure on the message', async () => {
    const standIn = await startWechatStandIn()
    const app = await createTestApp({ database, env: pushEnv(standIn) })
    try {
      const account = await boundAccount(app, standIn, 'openid-down')
      await standIn.close()
      await app.messages.post(cpuAlarm(account, 99))
      const { list } = await settled(app, account.token, 30_000)
      expect(list[0]!.pushes[0]).toMatchObject({ channel: 'wechat', status: 'failed', attempts: 3 })
      expect(list[0]!.pushes[0]!.error).toMatch(/fetch failed|ECONNREFUSED/i)
    } finally {
      await app.close()
    }
  })

  it('loses nothing across a restart: a push still retrying is sent by the next process', async () => {
    const before = await startWechatStandIn()
    const first = await createTestApp({
      database,
      env: pushEnv(before, { PUSH_RETRY_SECONDS: '2', PUSH_ATTEMPTS: '10' }),
    })
    const account = await boundAccount(first, before, 'openid-restart')
    await before.close()
    await first.messages.post(cpuAlarm(account, 100))
    await eventually(
      () => messagesOf(first, account.token),
      (page) => (page.list[0]?.pushes[0]?.attempts ?? 0) >= 1,
      20_000,
    )
    await first.close()
    // WeChat is reachable again (a new stand-in: the token the first process kept is stale there).
    const after = await startWechatStandIn()
    const second = await createTestApp({ database, env: pushEnv(after) })
    try {
      const [sent] = await eventually(
        async () => after.sentTo('openid-restart'),
        (sends) => sends.length === 1,
        20_000,
      )
      expect(sent!.data.first!.value).toBe('Alarm: CPU of AP-1 at 100% (above 90%)')
      const { list } = await settled(second, account.token)
      expect(list[0]!.pushes[0]).toMatchObject({ status: 'sent' })
      expect(list[0]!.pushes[0]!.attempts).toBeGreaterThanOrEqual(2)
    } finally {
      await second.close()
      await after.close()
    }
  })
})
