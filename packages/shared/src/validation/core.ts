import { z } from 'zod'
// The one storable-text rule, shared with device messages.
import { isStorableText } from '../protocol/device-json'

/**
 * Every rule's message is an i18n key (`validation.*`): the console translates it next to the
 * field, the server maps it to a §8 code (see `codeForValidationKey` in errors.ts).
 */
export type RuleSchema = z.ZodType

/** The largest id a database `integer` column holds, and so the largest id any request may name. */
export const INT32_MAX = 2_147_483_647

/** The message of a text holding a character no database text can store. */
export const UNSTORABLE_TEXT_KEY = 'validation.text_chars'

/** Any text: a string (or `typeKey` when it is not one) that a database can store. */
export function text(typeKey?: string) {
  return z
    .string(typeKey ? { error: typeKey } : undefined)
    .refine(isStorableText, { error: UNSTORABLE_TEXT_KEY, abort: true })
}

/** A required text: empty gives `emptyKey` and stops there, so one field shows one message. */
export function requiredText(emptyKey: string) {
  return z
    .string({ error: emptyKey })
    .min(1, { error: emptyKey, abort: true })
    .refine(isStorableText, { error: UNSTORABLE_TEXT_KEY, abort: true })
}

/** A whole number as JSON writes it, or as a query string carries it: digits, no sign but `-`. */
const DECIMAL = /^(0|-?[1-9]\d{0,15})$/

/**
 * A whole number from `min` to `max`: a JSON number, or a decimal text such as a query string
 * holds ("7", "-65"). Nothing else is read as a number — not `true`, `[7]`, `"0x7"`, `" 7"`,
 * `"7.0"` or `"1e3"` — and every broken rule gives `key`.
 */
export function integer(min: number, max: number, key: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value),
    z.number({ error: key }).int({ error: key }).min(min, { error: key }).max(max, { error: key }),
  )
}

/** A database id: a positive 32-bit whole number (see `integer` for the forms it may take). */
export function idOf(key: string) {
  return integer(1, INT32_MAX, key)
}

/** The first message key a value breaks, or undefined when it passes. Forms call this. */
export function firstViolation(schema: RuleSchema, value: unknown): string | undefined {
  const result = schema.safeParse(value)
  return result.success ? undefined : result.error.issues[0]?.message
}

/** Characters above code 255 count as 3 bytes (§5 SSID rule; also used for byte limits). */
export function specByteLength(value: string): number {
  let bytes = 0
  for (const ch of value) bytes += (ch.codePointAt(0) ?? 0) > 255 ? 3 : 1
  return bytes
}
