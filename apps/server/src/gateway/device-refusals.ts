import type { DevicePayloadProblem } from '@canopy/shared/protocol'
import type { FastifyBaseLogger } from 'fastify'

/** The kinds of message a device sends, each limited and counted on its own. */
export const MESSAGE_KINDS = ['shadow', 'jobs', 'telemetry', 'status', 'rpc'] as const
export type MessageKind = (typeof MESSAGE_KINDS)[number]

/** Why a device's message was not taken (docs/operations.md, "Device refusals"). */
export const REFUSAL_REASONS = [
  /** not UTF-8, not JSON, or not the message its topic expects */
  'malformed',
  /** holds what PostgreSQL cannot store (NUL, lone surrogate, runaway nesting) */
  'unstorable',
  /** a field broke its rule and was left out; the rest of the message was taken */
  'invalid-field',
  /** over the size its kind allows */
  'too-large',
  /** the thing name is no device of ours (deleted, or never registered) */
  'unknown-device',
  /** over the device's rate for its kind */
  'throttled',
  /** the device already has its whole backlog waiting */
  'backlog',
  /** the server's own queue of device messages is full */
  'overloaded',
  /** refused by the database when written (counted per row; the other rows are written) */
  'storage',
  /** an unexpected failure while handling it (logged with its stack) */
  'failed',
] as const
export type RefusalReason = (typeof REFUSAL_REASONS)[number]

/** An expected refusal of a device's message: counted and logged in one short line, no stack. */
export class DeviceRefusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    detail: string,
  ) {
    super(detail)
  }
}

/** The refusal of a payload `readDevicePayload` could not read. */
export function payloadRefusal(problem: DevicePayloadProblem): DeviceRefusal {
  const malformed = problem === 'json' || problem === 'encoding'
  return new DeviceRefusal(malformed ? 'malformed' : 'unstorable', `payload: ${problem}`)
}

const WINDOW_MS = 60_000
/** log lines about devices per window, all devices together (the rest are counted) */
const LINES_PER_WINDOW = 100

/**
 * Counts every refusal of a device's message by kind and reason, and logs them at a bounded
 * rate: one line per device per minute (the next one says how many were suppressed meanwhile),
 * at most LINES_PER_WINDOW a minute in all. A device that sends garbage in a loop costs a
 * counter increment, not a log line each.
 */
export class DeviceRefusals {
  readonly counts: Record<MessageKind, Record<RefusalReason, number>> = Object.fromEntries(
    MESSAGE_KINDS.map((kind) => [kind, Object.fromEntries(REFUSAL_REASONS.map((reason) => [reason, 0]))]),
  ) as Record<MessageKind, Record<RefusalReason, number>>
  /** log lines left out by the bounds */
  suppressedLines = 0
  private window = 0
  private windowStart = Number.NEGATIVE_INFINITY
  private linesInWindow = 0
  /** devices logged about: in which window, and how many of their lines were left out since */
  private readonly logged = new Map<string, { window: number; suppressed: number }>()

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a refusal and logs it within the bounds; an unexpected error keeps its stack. */
  refuse(thing: string, kind: MessageKind, topic: string, error: unknown): void {
    const expected = error instanceof DeviceRefusal
    const reason: RefusalReason = expected ? error.reason : 'failed'
    this.counts[kind][reason]++
    const suppressed = this.mayLog(thing)
    if (suppressed === undefined) return
    const fields = { thing, topic, reason, ...(suppressed > 0 ? { suppressed } : {}) }
    if (expected) this.log.warn(fields, `device message refused: ${error.message}`)
    else this.log.error({ ...fields, err: error }, 'device message failed')
  }

  /** The total of one reason over every kind. */
  total(reason: RefusalReason): number {
    return MESSAGE_KINDS.reduce((sum, kind) => sum + this.counts[kind][reason], 0)
  }

  /** undefined: not now (counted); otherwise how many of its lines were left out before this one. */
  private mayLog(thing: string): number | undefined {
    const now = this.now()
    if (now - this.windowStart >= WINDOW_MS) {
      this.window++
      this.windowStart = now
      this.linesInWindow = 0
      // Devices with nothing left out are forgotten, so the map holds one window's offenders
      // and those whose count of left-out lines is still to be told.
      for (const [thing, entry] of this.logged) if (entry.suppressed === 0) this.logged.delete(thing)
    }
    const entry = this.logged.get(thing)
    if (entry?.window === this.window || this.linesInWindow >= LINES_PER_WINDOW) {
      if (entry) entry.suppressed++
      this.suppressedLines++
      return undefined
    }
    this.linesInWindow++
    this.logged.set(thing, { window: this.window, suppressed: 0 })
    return entry?.suppressed ?? 0
  }
}
