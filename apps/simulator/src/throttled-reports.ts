import { backOffMs } from './back-off'

/** Refusals this far apart start the waits over from the first. */
const CALM_MS = 60_000

/**
 * Reported state the cloud throttled (shadow `update/rejected` with 429: it took nothing), said
 * again: the device's whole reported state after a growing wait. Only the latest state matters,
 * so one resend waits at a time, however many reports were refused meanwhile; a report the
 * cloud never hears leaves a settings change unconfirmed for good.
 */
export class ThrottledReports {
  private waiting: NodeJS.Timeout | undefined
  private attempts = 0
  private lastRefusedAt = 0

  constructor(
    private readonly resend: () => Promise<void>,
    private readonly onError: (error: Error) => void,
    private readonly firstDelayMs = 1000,
  ) {}

  /** A 429 heard: the state goes again after the wait, unless a resend already waits. */
  refused(): void {
    const now = Date.now()
    if (now - this.lastRefusedAt > CALM_MS) this.attempts = 0
    this.lastRefusedAt = now
    if (this.waiting) return
    this.waiting = setTimeout(
      () => {
        this.waiting = undefined
        this.resend().catch(this.onError)
      },
      backOffMs(++this.attempts, this.firstDelayMs),
    )
  }

  /** Offline or stopped: nothing waits to be sent (it reports its whole state as it comes back). */
  stop(): void {
    clearTimeout(this.waiting)
    this.waiting = undefined
  }
}
