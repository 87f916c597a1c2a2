const WINDOW_MS = 60_000

/**
 * Refusals counted by reason, each reason's log line allowed at most once a minute: a client
 * repeating a refused request in a loop costs a counter, not a line each time. The caller writes
 * the line (its own fields and level) when `count` says it is due.
 */
export class RefusalCounts<Reason extends string> {
  readonly counts: Record<Reason, number>
  private readonly lastLogged = new Map<Reason, { at: number; suppressed: number }>()

  constructor(
    reasons: readonly Reason[],
    private readonly now: () => number = Date.now,
  ) {
    this.counts = Object.fromEntries(reasons.map((reason) => [reason, 0])) as Record<Reason, number>
  }

  /**
   * Counts one refusal. Returns undefined when this reason was logged less than a minute ago;
   * otherwise the fields its line carries: how many lines were left out since the last one.
   */
  count(reason: Reason): { suppressed?: number } | undefined {
    this.counts[reason]++
    const last = this.lastLogged.get(reason)
    if (last && this.now() - last.at < WINDOW_MS) {
      last.suppressed++
      return undefined
    }
    this.lastLogged.set(reason, { at: this.now(), suppressed: 0 })
    return last?.suppressed ? { suppressed: last.suppressed } : {}
  }
}
