import { z } from 'zod'
import { ACCOUNT_PATTERN, USER_PASSWORD_PATTERN } from './accounts'
import { integer, requiredText, text } from './core'
import { id, page } from './organisation'

// Portal authentication methods (§1 no-auth, member, SMS; §3 "Member", "SMS quota"; §5 "Member
// import: xls only"; §9 "SMS limits"). docs/decisions.md, "Portal methods", says how each is read.

/** The click-through terms of one language: at most this many characters. */
export const TERMS_MAX = 2000
/** §9: the SMS codes a tenant sends in a day. */
export const SMS_DAILY_MIN = 1
export const SMS_DAILY_MAX = 1000
/** §9: codes to one phone number, counted per five minutes (1-5) or per day ("the daily level", 1-100). */
export const SMS_PHONE_PERIODS = ['five_minutes', 'day'] as const
export type SmsPhonePeriod = (typeof SMS_PHONE_PERIODS)[number]
export const SMS_PHONE_MAX: Readonly<Record<SmsPhonePeriod, number>> = { five_minutes: 5, day: 100 }
/** §9: codes one client (its MAC) may ask for in a day. */
export const SMS_CLIENT_MAX = 3
/** A member's info (§3): free text, at most 50 characters (§5 text rule's length). */
export const MEMBER_INFO_MAX = 50
/** Member search text. */
export const MEMBER_SEARCH_MAX = 20
/** §5 member import: one .xls file of at most this many bytes and rows (a header row apart). */
export const MEMBER_IMPORT_MAX_BYTES = 1_048_576
export const MEMBER_IMPORT_MAX_ROWS = 1000

/** A member's account: §5's account rule (3-20 letters, digits, underscore, starting with a letter). */
export const memberAccount = requiredText('validation.account_empty').regex(ACCOUNT_PATTERN, {
  error: 'validation.account_tips',
})
/** A member's password: §5's user password rule (6-20 letters and digits). */
export const memberPassword = requiredText('validation.pwd_empty').regex(USER_PASSWORD_PATTERN, {
  error: 'validation.pwd_set_error_tips',
})
export const memberInfo = text('validation.member_info_tips')
  .max(MEMBER_INFO_MAX, { error: 'validation.member_info_tips' })
  .default('')

export const memberAddRequest = z.object({
  account: memberAccount,
  password: memberPassword,
  info: memberInfo,
  enabled: z.boolean({ error: 'validation.id_tips' }).default(true),
})
/** Saving a member: an empty password keeps the one it has. */
export const memberSaveRequest = z.object({
  id,
  account: memberAccount,
  password: z.union([z.literal(''), memberPassword]).default(''),
  info: memberInfo,
  enabled: z.boolean({ error: 'validation.id_tips' }),
})
export const memberListRequest = z.object({
  ...page,
  search: text('validation.member_search_tips')
    .max(MEMBER_SEARCH_MAX, { error: 'validation.member_search_tips' })
    .default(''),
})
export const memberQuery = z.object({ id })

export type MemberAddRequest = z.infer<typeof memberAddRequest>
export type MemberSaveRequest = z.infer<typeof memberSaveRequest>
export type MemberListRequest = z.infer<typeof memberListRequest>

export interface PortalMember {
  id: number
  account: string
  info: string
  enabled: boolean
  created_at: string
}

/** One refused row of an import: its row number in the sheet (1 = the header) and why. */
export interface MemberImportProblem {
  row: number
  account: string
  /** a validation.* or errors.* key */
  reason: string
}
/** An import adds every row or none: `added` is 0 whenever `problems` is not empty. */
export interface MemberImportReport {
  added: number
  problems: MemberImportProblem[]
}

const termsText = text('validation.terms_tips').max(TERMS_MAX, { error: 'validation.terms_tips' }).default('')

export const methodTerms = z.object({ 'en-us': termsText, 'zh-cn': termsText, es: termsText })

export const smsQuotaFields = {
  sms_daily_total: integer(SMS_DAILY_MIN, SMS_DAILY_MAX, 'validation.sms_daily_tips'),
  sms_phone_period: z.enum(SMS_PHONE_PERIODS, { error: 'validation.sms_phone_tips' }),
  sms_phone_max: integer(1, SMS_PHONE_MAX.day, 'validation.sms_phone_tips'),
  sms_client_max: integer(1, SMS_CLIENT_MAX, 'validation.sms_client_tips'),
}

/** The limit per phone number fits its period, and no limit is above the daily total. */
export function smsPhoneMaxProblem(period: SmsPhonePeriod, phoneMax: number, dailyTotal: number) {
  if (phoneMax > SMS_PHONE_MAX[period]) return 'validation.sms_phone_tips'
  if (phoneMax > dailyTotal) return 'validation.sms_phone_over_daily'
  return undefined
}

export const methodSaveRequest = z
  .object({
    noauth_enabled: z.boolean({ error: 'validation.id_tips' }),
    terms: methodTerms,
    member_enabled: z.boolean({ error: 'validation.id_tips' }),
    sms_enabled: z.boolean({ error: 'validation.id_tips' }),
    ...smsQuotaFields,
  })
  .superRefine((value, context) => {
    if (value.noauth_enabled && Object.values(value.terms).every((terms) => terms.trim() === ''))
      context.addIssue({ code: 'custom', path: ['terms', 'en-us'], message: 'validation.terms_empty' })
    const problem = smsPhoneMaxProblem(value.sms_phone_period, value.sms_phone_max, value.sms_daily_total)
    if (problem) context.addIssue({ code: 'custom', path: ['sms_phone_max'], message: problem })
  })

export type MethodSaveRequest = z.infer<typeof methodSaveRequest>

/** The SMS allowance (§3 "SMS quota"): total granted, what is left of it, sent today. */
export interface SmsUsage {
  total: number
  remaining: number
  sent_today: number
}

export interface PortalMethods extends MethodSaveRequest {
  sms_usage: SmsUsage
}
