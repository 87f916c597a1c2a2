import { z } from 'zod'

/**
 * Every rule's message is an i18n key (`validation.*`): the console translates it next to the
 * field, the server maps it to a §8 code (see `codeForValidationKey` in errors.ts).
 */
export type RuleSchema = z.ZodType

/** The largest id a database `integer` column holds, and so the largest id any request may name. */
export const INT32_MAX = 2_147_483_647

/** The message of a text holding a character no database text can store. */
export const UNSTORABLE_TEXT_KEY = 'validation.text_chars'

/**
 * A NUL, or half of a UTF-16 surrogate pair without its other half: PostgreSQL's text and jsonb
 * refuse the first and UTF-8 cannot encode the second, so neither may reach a query.
 */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !UNPAIRED_SURROGATE.test(value)
}

/**
 * Where in a request's input a text (a value or an object key, at any depth) is not storable:
 * its path, or undefined when every text is. The server's input parser refuses such a request
 * before any schema runs, so no route can forget it; walked without recursion, so nesting depth
 * cannot exhaust the stack.
 */
export function unstorableTextPath(input: unknown): string | undefined {
  const pending: Array<{ value: unknown; path: string }> = [{ value: input, path: '' }]
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { value, path } = item
    if (typeof value === 'string') {
      if (!isStorableText(value)) return path
    } else if (Array.isArray(value)) {
      for (const [index, element] of value.entries())
        pending.push({ value: element, path: join(path, `${index}`) })
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, element] of Object.entries(value)) {
        if (!isStorableText(key)) return path
        pending.push({ value: element, path: join(path, key) })
      }
    }
  }
  return undefined
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key)

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
