import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import { ErrorCode } from '@canopy/shared/errors'
import { isLanguage, type Language } from '@canopy/shared/i18n/languages'
import { portalCatalogues } from '@canopy/shared/i18n/portal'
import { PHONE_PATTERN } from '@canopy/shared/validation'
import type { Database } from '../../db/client'
import { AppError } from '../../http/app-error'
import { methodsRepository } from './methods.repository'
import { startOfDay } from './methods.service'
import { smsCodesRepository } from './sms.repository'
import type { SmsProvider } from './sms-provider'

/** A code is good for five minutes and five wrong tries. */
export const SMS_CODE_TTL_SECONDS = 300
export const SMS_CODE_MAX_ATTEMPTS = 5
const FIVE_MINUTES_MS = 5 * 60_000
/** A guest's phone: §5's phone rule, optionally after a + (international form). */
const GUEST_PHONE = new RegExp(`^\\+?${PHONE_PATTERN.source.replace(/^\^|\$$/g, '')}$`)

interface Logger {
  warn(details: Record<string, unknown>, message: string): void
}

/**
 * SMS codes for guests (§1 SMS method), for the guest surface to call: `sendCode` enforces §9's
 * quotas and hands the code to the provider, `verifyCode` checks what the guest typed.
 *
 * The quotas hold under any number of concurrent sends: each send locks the tenant's
 * portal_methods row (SELECT … FOR UPDATE), counts what was sent (today, to the phone in its
 * period, for the client today) and records its own send before the lock is released, so the next
 * send of the tenant counts it. The provider is called after the commit; a failed delivery gives
 * its place in the quotas back.
 */
export class SmsService {
  constructor(
    private readonly deps: {
      db: Database
      provider: SmsProvider | undefined
      log: Logger
      now?: () => Date
    },
  ) {}

  /**
   * Sends a code to `phone` for the guest device `client` (its MAC). Refusals: SMS method off
   * (600400205); the tenant's total or daily total reached (600000103, "the number of data
   * requests has reached the limit"); the phone's or the client's limit reached (600000102, "data
   * request is too frequent"); a phone breaking §5's rule (600400100); no provider or a failed
   * delivery (600104100, message server error).
   */
  async sendCode(
    tenantId: number,
    phone: string,
    client: string,
    language: string = 'en-us',
  ): Promise<{ expiresInSeconds: number }> {
    if (!GUEST_PHONE.test(phone) || client.length === 0 || client.length > 64)
      throw new AppError(ErrorCode.INVALID_PARAMETER)
    const now = this.now()
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    const sendId = await this.deps.db.transaction(async (tx) => {
      const methods = await methodsRepository(tx).lock(tenantId)
      if (!methods?.smsEnabled) throw new AppError(ErrorCode.SMS_AUTH_DISABLED)
      if (!this.deps.provider)
        throw new AppError(ErrorCode.MESSAGE_SERVER_ERROR, { reason: 'no SMS provider' })
      const codes = smsCodesRepository(tx)
      const today = startOfDay(now)
      if (methods.smsSent >= methods.smsTotal) throw new AppError(ErrorCode.REQUEST_LIMIT_REACHED)
      if ((await codes.sentSince(tenantId, today)) >= methods.smsDailyTotal)
        throw new AppError(ErrorCode.REQUEST_LIMIT_REACHED)
      const phoneSince = methods.smsPhonePeriod === 'day' ? today : new Date(now.getTime() - FIVE_MINUTES_MS)
      if ((await codes.sentToPhoneSince(tenantId, phone, phoneSince)) >= methods.smsPhoneMax)
        throw new AppError(ErrorCode.TOO_FREQUENT)
      if ((await codes.sentForClientSince(tenantId, client, today)) >= methods.smsClientMax)
        throw new AppError(ErrorCode.TOO_FREQUENT)
      const id = await codes.insert({
        tenantId,
        phone,
        client,
        codeHash: codeHash(tenantId, phone, code),
        sentAt: now,
        expiresAt: new Date(now.getTime() + SMS_CODE_TTL_SECONDS * 1000),
      })
      await methodsRepository(tx).setSent(tenantId, methods.smsSent + 1)
      return id
    })
    const guestLanguage: Language = isLanguage(language) ? language : 'en-us'
    const text = portalCatalogues[guestLanguage].portal.guest.smsText
      .replace('{{code}}', code)
      .replace('{{minutes}}', String(SMS_CODE_TTL_SECONDS / 60))
    try {
      await this.deps.provider!.send({ phone, code, language: guestLanguage, text, tenantId })
    } catch (error) {
      this.deps.log.warn({ tenantId, error: (error as Error).message }, 'portal SMS code not delivered')
      await this.giveBack(tenantId, sendId)
      throw new AppError(ErrorCode.MESSAGE_SERVER_ERROR, { reason: 'SMS delivery failed' })
    }
    return { expiresInSeconds: SMS_CODE_TTL_SECONDS }
  }

  /**
   * Whether `code` is the newest unused, unexpired code sent to `phone`; a right code is used up, a
   * wrong one counts against the code's five tries. The answer never says which of these failed.
   */
  async verifyCode(tenantId: number, phone: string, code: string): Promise<boolean> {
    const methods = await methodsRepository(this.deps.db).find(tenantId)
    if (!methods?.smsEnabled) throw new AppError(ErrorCode.SMS_AUTH_DISABLED)
    const now = this.now()
    return this.deps.db.transaction(async (tx) => {
      const codes = smsCodesRepository(tx)
      const sent = await codes.latestOpen(tenantId, phone, now)
      if (!sent || sent.attempts >= SMS_CODE_MAX_ATTEMPTS) return false
      const given = Buffer.from(codeHash(tenantId, phone, code), 'hex')
      if (timingSafeEqual(given, Buffer.from(sent.codeHash, 'hex'))) {
        await codes.markUsed(sent.id, now)
        return true
      }
      await codes.countAttempt(sent.id)
      return false
    })
  }

  /** A send the provider did not take leaves the quotas as if it had not been asked for. */
  private async giveBack(tenantId: number, sendId: number): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const methods = await methodsRepository(tx).lock(tenantId)
      await smsCodesRepository(tx).remove(sendId)
      if (methods) await methodsRepository(tx).setSent(tenantId, Math.max(0, methods.smsSent - 1))
    })
  }

  private now(): Date {
    return this.deps.now ? this.deps.now() : new Date()
  }
}

function codeHash(tenantId: number, phone: string, code: string): string {
  return createHash('sha256').update(`${tenantId}:${phone}:${code}`).digest('hex')
}
