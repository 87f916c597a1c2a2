import { z } from 'zod'
import { LANGUAGES } from '../i18n/languages'
import { requiredText, text } from './core'

// §5 "Accounts and credentials". Patterns are exported for the few places that need the raw test.

export const ACCOUNT_PATTERN = /^[A-Za-z][A-Za-z0-9_]{2,19}$/
export const USER_PASSWORD_PATTERN = /^[A-Za-z0-9]{6,20}$/
export const NICKNAME_PATTERN = /^[A-Za-z0-9_\u4e00-\u9fa5]{1,20}$/
export const PHONE_PATTERN = /^\d{6,25}$/
export const COUNTRY_CODE_PATTERN = /^[1-9]\d{0,3}$/
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
export const EMAIL_MAX = 100
export const ADDRESS_MAX = 100

export const accountName = requiredText('validation.account_empty').regex(ACCOUNT_PATTERN, {
  error: 'validation.account_tips',
})

export const userPassword = requiredText('validation.pwd_empty').regex(USER_PASSWORD_PATTERN, {
  error: 'validation.pwd_set_error_tips',
})

/** Generic password (§5): not empty, every character within codes 0-255. */
export const genericPassword = requiredText('validation.pwd_empty').refine(
  (value) => [...value].every((ch) => (ch.codePointAt(0) ?? 0) <= 255),
  { error: 'validation.pwd_invalid' },
)

/** The generic password's variant that also forbids backslash and both quotes. */
export const strictGenericPassword = genericPassword.refine((value) => !/[\\'"]/.test(value), {
  error: 'validation.pwd_invalid',
})

export const nickname = requiredText('validation.nickname_tips').regex(NICKNAME_PATTERN, {
  error: 'validation.nickname_tips',
})

export const phone = text().regex(PHONE_PATTERN, { error: 'validation.phone_set_error_tips' })

export const countryCode = text().regex(COUNTRY_CODE_PATTERN, { error: 'validation.country_code_tips' })

export const email = requiredText('validation.email_empty')
  .max(EMAIL_MAX, { error: 'validation.email_set_error_tips', abort: true })
  .regex(EMAIL_PATTERN, { error: 'validation.email_set_error_tips' })

export const address = text().max(ADDRESS_MAX, { error: 'validation.address_tips' })

export const agreementAccepted = z.literal(true, { error: 'validation.agreement_required' })

/** Optional text in a form: an empty string means "not given". */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)

export const optionalPhone = z.preprocess(blankToUndefined, phone.optional())
export const optionalCountryCode = z.preprocess(blankToUndefined, countryCode.optional())

/** Phone and country code come together or not at all (§5). */
export function phoneComplete(value: { phone?: string | undefined; country_code?: string | undefined }) {
  return Boolean(value.phone) === Boolean(value.country_code)
}

export function passwordsMatch(password: string, confirmation: string) {
  return password === confirmation
}

const phoneTogether = { error: 'validation.phone_cc_together', path: ['phone'] }

const confirmMatches = { error: 'validation.pwd_confirm_error', path: ['confirm_password'] }

export const registerRequest = z
  .object({
    username: accountName,
    password: userPassword,
    confirm_password: text('validation.pwd_confirm_error'),
    email,
    country_code: optionalCountryCode,
    phone: optionalPhone,
    agreement: agreementAccepted,
  })
  .refine((v) => passwordsMatch(v.password, v.confirm_password), confirmMatches)
  .refine(phoneComplete, phoneTogether)

export const profileRequest = z
  .object({
    nickname: z.preprocess(blankToUndefined, nickname.optional()),
    email,
    country_code: optionalCountryCode,
    phone: optionalPhone,
    address: z.preprocess(blankToUndefined, address.optional()),
  })
  .refine(phoneComplete, phoneTogether)

export const passwordChangeRequest = z
  .object({
    old_password: requiredText('validation.pwd_empty'),
    new_password: userPassword,
    confirm_password: text('validation.pwd_confirm_error'),
  })
  .refine((v) => v.new_password !== v.old_password, {
    error: 'validation.pwd_same_error',
    path: ['new_password'],
  })
  .refine((v) => passwordsMatch(v.new_password, v.confirm_password), confirmMatches)

/** Login by account: format violations read "account or password error" (§5). */
export const loginAccount = requiredText('validation.account_empty').regex(ACCOUNT_PATTERN, {
  error: 'validation.account_pwd_error',
})
export const loginPassword = requiredText('validation.pwd_empty').regex(USER_PASSWORD_PATTERN, {
  error: 'validation.account_pwd_error',
})

/** Login by phone: empty gives phone_empty, a malformed number the phone rule's message. */
export const loginPhone = requiredText('validation.phone_empty').regex(PHONE_PATTERN, {
  error: 'validation.phone_set_error_tips',
})

const withAccountLoginByDefault = (value: unknown) =>
  typeof value === 'object' && value !== null && !('login_type' in value)
    ? { ...value, login_type: 'account' }
    : value

export const tokenRequest = z.preprocess(
  withAccountLoginByDefault,
  z.discriminatedUnion('login_type', [
    z.object({
      login_type: z.literal('account'),
      username: loginAccount,
      password: loginPassword,
    }),
    z.object({
      login_type: z.literal('phone'),
      country_code: countryCode,
      username: loginPhone,
      password: loginPassword,
    }),
  ]),
)

/**
 * §7's refresh call names its refresh token; the console's travels in an HttpOnly cookie instead
 * (docs/decisions.md "One session in every tab"), so the body's may be left out.
 */
export const refreshRequest = z.object({ refresh_token: requiredText('validation.token_empty').optional() })

export const sendResetMailRequest = z.object({ username: accountName, email })

export const resetTokenRequest = z.object({ token: requiredText('validation.token_empty') })

export const resetPasswordRequest = z
  .object({
    token: requiredText('validation.token_empty'),
    password: userPassword,
    confirm_password: text('validation.pwd_confirm_error'),
  })
  .refine((v) => passwordsMatch(v.password, v.confirm_password), confirmMatches)

export type RegisterRequest = z.infer<typeof registerRequest>
export type ProfileRequest = z.infer<typeof profileRequest>
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>
export type TokenRequest = z.infer<typeof tokenRequest>
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>

/** The console language the account chose (its pushes are written in it). */
export const languageSaveRequest = z.object({
  language: z.enum(LANGUAGES, { error: 'validation.invalid_choice' }),
})
