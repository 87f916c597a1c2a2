import { type StatusMessage, statusMessage } from './messages'

export interface StatusReading {
  status: StatusMessage
  /** the fields left out because they broke their rule (docs/protocol.md, "Presence") */
  refused: string[]
}

/**
 * A status message read field by field: a field that breaks its rule is left out and named, and
 * the rest still counts. One bad `region` must not cost the device its `credential` (nobody could
 * bind it) or its `telemetryInterval` (presence would expire early). Without a valid `state`, or
 * with anything that cannot be stored, the whole message is refused (undefined).
 */
export function readStatus(body: unknown): StatusReading | undefined {
  const whole = statusMessage.safeParse(body)
  if (whole.success) return { status: whole.data, refused: [] }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined
  const refused = [...new Set(whole.error.issues.map((issue) => String(issue.path[0] ?? '')))]
  if (refused.includes('') || refused.includes('state')) return undefined
  const rest = Object.fromEntries(Object.entries(body).filter(([field]) => !refused.includes(field)))
  const partial = statusMessage.safeParse(rest)
  return partial.success ? { status: partial.data, refused: refused.sort() } : undefined
}
