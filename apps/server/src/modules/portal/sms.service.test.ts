import { ErrorCode } from '@canopy/shared/errors'
import type { MethodSaveRequest, PortalMethods } from '@canopy/shared/validation'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInAccount } from '../../../test/factories'
import { type PostedSms, startSmsStandIn } from '../../../test/sms-stand-in'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { AppError } from '../../http/app-error'
import { SMS_CODE_MAX_ATTEMPTS, SMS_CODE_TTL_SECONDS, SmsService } from './sms.service'
import { HttpSmsProvider } from './sms-provider'

let app: TestApp
let standIn: Awaited<ReturnType<typeof startSmsStandIn>>
const warnings: string[] = []

const methods = (overrides: Partial<MethodSaveRequest> = {}): MethodSaveRequest => ({
  noauth_enabled: false,
  terms: { 'en-us': '', 'zh-cn': '', es: '' },
  member_enabled: false,
  sms_enabled: true,
  sms_daily_total: 1000,
  sms_phone_period: 'five_minutes',
  sms_phone_max: 5,
  sms_client_max: 3,
  ...overrides,
})

/** A tenant of its own with these methods, and a service on the run's database. */
async function tenant(overrides: Partial<MethodSaveRequest> = {}, now?: () => Date) {
  const owner = await signedInAccount(app)
  await app.ok({
    method: 'POST',
    path: '/backend/portal/method/save',
    token: owner.token,
    body: methods(overrides),
  })
  const rows = await app.database.db.execute<{ tenant_id: number }>(
    sql`select tenant_id from accounts where username = ${owner.username}`,
  )
  const tenantId = Number(rows.rows[0]!.tenant_id)
  const service = new SmsService({
    db: app.database.db,
    provider: new HttpSmsProvider({
      url: standIn.env.SMS_PROVIDER_URL,
      token: standIn.env.SMS_PROVIDER_TOKEN,
    }),
    log: { warn: (_details, message) => warnings.push(message) },
    now,
  })
  const usage = async () =>
    (await app.ok<PortalMethods>({ path: '/backend/portal/method/info', token: owner.token })).sms_usage
  return { tenantId, service, owner, usage }
}

/** How many of these sends went through and which codes refused the others. */
async function outcomes(sends: Array<Promise<unknown>>) {
  const settled = await Promise.allSettled(sends)
  const refusals = new Map<number, number>()
  let sent = 0
  for (const result of settled) {
    if (result.status === 'fulfilled') sent++
    else if (result.reason instanceof AppError) {
      const code = result.reason.codes[0]!
      refusals.set(code, (refusals.get(code) ?? 0) + 1)
    } else throw result.reason
  }
  return { sent, refusals: Object.fromEntries(refusals) }
}

const receivedBy = (tenantId: number): PostedSms[] =>
  standIn.received.filter((sms) => sms.tenant === tenantId)
const phone = (n: number) => `1380000${String(n).padStart(4, '0')}`
const mac = (n: number) =>
  `02:00:00:00:${String(Math.floor(n / 100)).padStart(2, '0')}:${String(n % 100).padStart(2, '0')}`

beforeAll(async () => {
  standIn = await startSmsStandIn()
  app = await createTestApp()
})
afterAll(async () => {
  await app.close()
  await standIn.close()
})

describe('SMS codes: §9 quotas under concurrent sends', () => {
  it('sends no more than the daily total, whatever the number of parallel sends', async () => {
    const { tenantId, service, usage } = await tenant({ sms_daily_total: 10 })
    const result = await outcomes(
      Array.from({ length: 100 }, (_, i) => service.sendCode(tenantId, phone(i), mac(i))),
    )
    expect(result).toEqual({ sent: 10, refusals: { [ErrorCode.REQUEST_LIMIT_REACHED]: 90 } })
    expect(receivedBy(tenantId)).toHaveLength(10)
    expect(await usage()).toEqual({ total: 1000, remaining: 990, sent_today: 10 })
  })

  it('sends one phone number no more than its five-minute maximum', async () => {
    const { tenantId, service } = await tenant({ sms_phone_max: 5 })
    const result = await outcomes(
      Array.from({ length: 100 }, (_, i) => service.sendCode(tenantId, phone(1), mac(i))),
    )
    expect(result).toEqual({ sent: 5, refusals: { [ErrorCode.TOO_FREQUENT]: 95 } })
  })

  it('counts the phone limit over a day when set at the daily level, and over five minutes otherwise', async () => {
    let clock = new Date('2026-03-01T08:00:00Z')
    const daily = await tenant({ sms_phone_period: 'day', sms_phone_max: 2 }, () => clock)
    const perFive = await tenant({ sms_phone_max: 2 }, () => clock)
    for (const { tenantId, service } of [daily, perFive]) {
      await service.sendCode(tenantId, phone(7), mac(1))
      await service.sendCode(tenantId, phone(7), mac(2))
    }
    clock = new Date('2026-03-01T08:06:00Z')
    await expect(daily.service.sendCode(daily.tenantId, phone(7), mac(3))).rejects.toMatchObject({
      codes: [ErrorCode.TOO_FREQUENT],
    })
    await perFive.service.sendCode(perFive.tenantId, phone(7), mac(3))
  })

  it('sends one client no more than its maximum a day, to any phone numbers', async () => {
    const { tenantId, service } = await tenant({ sms_client_max: 3 })
    const result = await outcomes(
      Array.from({ length: 100 }, (_, i) => service.sendCode(tenantId, phone(i), mac(1))),
    )
    expect(result).toEqual({ sent: 3, refusals: { [ErrorCode.TOO_FREQUENT]: 97 } })
  })

  it('stops at the total granted: remaining reaches 0', async () => {
    const { tenantId, service, usage } = await tenant()
    await app.database.db.execute(sql`update portal_methods set sms_total = 4 where tenant_id = ${tenantId}`)
    const result = await outcomes(
      Array.from({ length: 20 }, (_, i) => service.sendCode(tenantId, phone(i), mac(i))),
    )
    expect(result).toEqual({ sent: 4, refusals: { [ErrorCode.REQUEST_LIMIT_REACHED]: 16 } })
    expect(await usage()).toEqual({ total: 4, remaining: 0, sent_today: 4 })
  })

  it('refuses while the SMS method is off (600400205) and a phone breaking §5', async () => {
    const { tenantId, service } = await tenant({ sms_enabled: false })
    await expect(service.sendCode(tenantId, phone(1), mac(1))).rejects.toMatchObject({
      codes: [ErrorCode.SMS_AUTH_DISABLED],
    })
    await expect(service.verifyCode(tenantId, phone(1), '123456')).rejects.toMatchObject({
      codes: [ErrorCode.SMS_AUTH_DISABLED],
    })
    const on = await tenant()
    for (const bad of ['12345', '1'.repeat(26), '138-0000', '']) {
      await expect(on.service.sendCode(on.tenantId, bad, mac(1))).rejects.toMatchObject({
        codes: [ErrorCode.INVALID_PARAMETER],
      })
    }
  })

  it('gives the quota back when the provider fails, and says so', async () => {
    const { tenantId, service, usage } = await tenant({ sms_daily_total: 1, sms_phone_max: 1 })
    standIn.state.failing = true
    try {
      await expect(service.sendCode(tenantId, phone(1), mac(1))).rejects.toMatchObject({
        codes: [ErrorCode.MESSAGE_SERVER_ERROR],
      })
    } finally {
      standIn.state.failing = false
    }
    expect(warnings).toContain('portal SMS code not delivered')
    expect(await usage()).toEqual({ total: 1000, remaining: 1000, sent_today: 0 })
    await service.sendCode(tenantId, phone(1), mac(1))
    expect(await usage()).toMatchObject({ remaining: 999, sent_today: 1 })
  })
})

describe('SMS codes: delivery and verification', () => {
  it('posts the code in the guest language with the token, and the code logs in once', async () => {
    const { tenantId, service } = await tenant()
    expect(await service.sendCode(tenantId, '+8613800001111', mac(1), 'zh-cn')).toEqual({
      expiresInSeconds: SMS_CODE_TTL_SECONDS,
    })
    const [posted] = receivedBy(tenantId)
    expect(posted).toMatchObject({
      to: '+8613800001111',
      language: 'zh-cn',
      authorization: 'Bearer sms-test-token',
    })
    expect(posted!.code).toMatch(/^\d{6}$/)
    expect(posted!.text).toContain(posted!.code)
    expect(posted!.text).toContain('验证码')
    const wrong = posted!.code === '000000' ? '111111' : '000000'
    expect(await service.verifyCode(tenantId, '+8613800001111', wrong)).toBe(false)
    expect(await service.verifyCode(tenantId, '+8613800001112', posted!.code)).toBe(false)
    expect(await service.verifyCode(tenantId, '+8613800001111', posted!.code)).toBe(true)
    expect(await service.verifyCode(tenantId, '+8613800001111', posted!.code)).toBe(false)
  })

  it('refuses a code after its five minutes and after five wrong tries', async () => {
    let clock = new Date('2026-03-02T08:00:00Z')
    const { tenantId, service } = await tenant({}, () => clock)
    await service.sendCode(tenantId, phone(1), mac(1))
    const expired = receivedBy(tenantId)[0]!.code
    clock = new Date(clock.getTime() + (SMS_CODE_TTL_SECONDS + 1) * 1000)
    expect(await service.verifyCode(tenantId, phone(1), expired)).toBe(false)

    await service.sendCode(tenantId, phone(2), mac(2))
    const code = receivedBy(tenantId)[1]!.code
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < SMS_CODE_MAX_ATTEMPTS; i++)
      expect(await service.verifyCode(tenantId, phone(2), wrong)).toBe(false)
    expect(await service.verifyCode(tenantId, phone(2), code)).toBe(false)
  })
})
