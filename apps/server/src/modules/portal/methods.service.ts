import type { Language } from '@canopy/shared/i18n/languages'
import type { MethodSaveRequest, PortalMethods, SmsPhonePeriod } from '@canopy/shared/validation'
import type { Database } from '../../db/client'
import { type Coalesced, coalescedRows } from '../../lib/coalesced'
import type { Principal } from '../auth/principal'
import { type MethodsRow, methodsRepository } from './methods.repository'
import { smsCodesRepository } from './sms.repository'

/** What a tenant without a saved row has: every method off, the quotas at their defaults. */
const DEFAULTS: Omit<MethodSaveRequest, 'terms'> & { terms: Record<Language, string> } = {
  noauth_enabled: false,
  terms: { 'en-us': '', 'zh-cn': '', es: '' },
  member_enabled: false,
  sms_enabled: false,
  sms_daily_total: 100,
  sms_phone_period: 'five_minutes',
  sms_phone_max: 1,
  sms_client_max: 3,
}
const DEFAULT_SMS_TOTAL = 1000

/**
 * A tenant's authentication methods (§1, /auth/method, primary accounts only: the routes say so):
 * which of click-through, member and SMS are on, the terms, and the SMS quotas with their usage.
 */
export class MethodsService {
  /**
   * The rows guests' logins ask for (click-through's terms, whether SMS is on), read together:
   * one statement for those asked in the same turn. Not a cache: nothing is kept once it answers.
   */
  private readonly forGuests: Coalesced<number, MethodsRow[]>

  constructor(private readonly deps: { db: Database }) {
    const methods = methodsRepository(deps.db)
    this.forGuests = coalescedRows(
      (tenantIds) => methods.ofTenants(tenantIds),
      (row) => row.tenantId,
      { gatherTurn: true },
    )
  }

  async info(principal: Principal): Promise<PortalMethods> {
    const tenantId = principal.account.tenantId
    const row = await methodsRepository(this.deps.db).find(tenantId)
    const sentToday = await smsCodesRepository(this.deps.db).sentSince(tenantId, startOfDay(new Date()))
    const total = row?.smsTotal ?? DEFAULT_SMS_TOTAL
    return {
      ...(row ? toView(row) : DEFAULTS),
      sms_usage: { total, remaining: Math.max(0, total - (row?.smsSent ?? 0)), sent_today: sentToday },
    }
  }

  async save(principal: Principal, request: MethodSaveRequest): Promise<PortalMethods> {
    await methodsRepository(this.deps.db).upsert(principal.account.tenantId, {
      noauthEnabled: request.noauth_enabled,
      terms: request.terms,
      memberEnabled: request.member_enabled,
      smsEnabled: request.sms_enabled,
      smsDailyTotal: request.sms_daily_total,
      smsPhonePeriod: request.sms_phone_period,
      smsPhoneMax: request.sms_phone_max,
      smsClientMax: request.sms_client_max,
    })
    return this.info(principal)
  }

  /**
   * For the guest surface: the click-through terms a guest accepts, in the guest's language (else
   * the first one written), or undefined while click-through is off.
   */
  async clickThroughTerms(tenantId: number, language: Language): Promise<string | undefined> {
    const [row] = await this.forGuests.submit(tenantId)
    if (!row?.noauthEnabled) return undefined
    const terms = row.terms
    return terms[language] || terms['en-us'] || terms['zh-cn'] || terms.es || ''
  }

  /** For the guest surface: whether the tenant's SMS method is on (the captive page offers codes). */
  async smsEnabled(tenantId: number): Promise<boolean> {
    const [row] = await this.forGuests.submit(tenantId)
    return row?.smsEnabled ?? false
  }
}

/** Midnight UTC of the day `now` is in: §9's daily total counts UTC days. */
export function startOfDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
}

function toView(row: MethodsRow): MethodSaveRequest {
  return {
    noauth_enabled: row.noauthEnabled,
    terms: { 'en-us': row.terms['en-us'] ?? '', 'zh-cn': row.terms['zh-cn'] ?? '', es: row.terms.es ?? '' },
    member_enabled: row.memberEnabled,
    sms_enabled: row.smsEnabled,
    sms_daily_total: row.smsDailyTotal,
    sms_phone_period: row.smsPhonePeriod as SmsPhonePeriod,
    sms_phone_max: row.smsPhoneMax,
    sms_client_max: row.smsClientMax,
  }
}
