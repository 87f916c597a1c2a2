import type { z } from 'zod'

/**
 * What a device sends is untrusted. JSON that parses can still hold what PostgreSQL refuses to
 * store (a NUL `\u0000`, a lone surrogate `\ud800`, in a value or a key: jsonb and text reject
 * them) or nest deep enough to overflow the recursive code that walks it. Every device message
 * schema is wrapped in `storable`, so such a message is refused where it is parsed, before it can
 * reach a write shared with other devices.
 */

/** Deeper than any message of the protocol (a shadow state is at most 6 levels under `state`). */
export const DEVICE_JSON_MAX_DEPTH = 16

/** `text`: a string or key PostgreSQL refuses; `depth`: nested deeper than DEVICE_JSON_MAX_DEPTH. */
export type Unstorable = 'text' | 'depth'

export type DevicePayloadProblem = 'encoding' | 'json' | Unstorable

export type DevicePayload = { ok: true; value: unknown } | { ok: false; problem: DevicePayloadProblem }

// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL is what this looks for
const NUL_OR_LONE_SURROGATE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** Whether PostgreSQL can store this string (in text or jsonb): no NUL, no lone surrogate. */
export function isStorableText(text: string): boolean {
  return !NUL_OR_LONE_SURROGATE.test(text)
}

/**
 * Why the value cannot be stored as it is, or undefined when it can. Walks with a stack of its
 * own, so a hostile nesting cannot overflow the call stack here.
 */
export function unstorableIn(value: unknown, maxDepth = DEVICE_JSON_MAX_DEPTH): Unstorable | undefined {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }]
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!
    if (typeof current === 'string') {
      if (!isStorableText(current)) return 'text'
      continue
    }
    if (typeof current !== 'object' || current === null) continue
    if (depth >= maxDepth) return 'depth'
    if (Array.isArray(current)) {
      for (const item of current) stack.push({ value: item, depth: depth + 1 })
      continue
    }
    for (const [key, item] of Object.entries(current)) {
      if (!isStorableText(key)) return 'text'
      stack.push({ value: item, depth: depth + 1 })
    }
  }
  return undefined
}

/** A device message schema that also refuses what cannot be stored (see `unstorableIn`). */
export function storable<T extends z.ZodType>(schema: T): T {
  return schema.check((context) => {
    const problem = unstorableIn(context.value)
    if (problem)
      context.issues.push({ code: 'custom', message: `unstorable ${problem}`, input: context.value })
  }) as T
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * A device payload as JSON: strict UTF-8 (a malformed byte is refused, not replaced), then
 * `JSON.parse`, then `unstorableIn`. An empty payload is `undefined` (shadow get and delete may
 * be empty).
 */
export function readDevicePayload(payload: Uint8Array): DevicePayload {
  if (payload.length === 0) return { ok: true, value: undefined }
  let text: string
  try {
    text = utf8.decode(payload)
  } catch {
    return { ok: false, problem: 'encoding' }
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { ok: false, problem: 'json' }
  }
  const problem = unstorableIn(value)
  return problem ? { ok: false, problem } : { ok: true, value }
}
