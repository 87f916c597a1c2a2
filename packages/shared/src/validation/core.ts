import { z } from 'zod'

/**
 * Every rule's message is an i18n key (`validation.*`): the console translates it next to the
 * field, the server maps it to a §8 code (see `codeForValidationKey` in errors.ts).
 */
export type RuleSchema = z.ZodType

/** A required text: empty gives `emptyKey` and stops there, so one field shows one message. */
export function requiredText(emptyKey: string) {
  return z.string({ error: emptyKey }).min(1, { error: emptyKey, abort: true })
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
