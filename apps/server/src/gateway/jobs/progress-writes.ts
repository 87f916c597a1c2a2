import type { ExecutionRow, ProgressChange } from './jobs.repository'

/** progress updates written by one statement at most */
const MAX_BATCH = 500

interface Waiting {
  change: ProgressChange
  settle: (saved: ExecutionRow | undefined) => void
  fail: (error: unknown) => void
}

/**
 * Progress updates of many devices written together (group commit): the first is written at
 * once, and those that arrive while a write runs go in the next, one statement for all. On the
 * embedded database a single-row update costs about a millisecond, a row of a hundred-row
 * statement a twentieth of that (docs/decisions.md, "The 10,000-device campaign"). Each caller
 * still gets its own answer: its execution as saved, or undefined when it was not running as
 * asked. Two updates of one execution never share a statement (one would hide the other): the
 * later waits for the next.
 */
export class ProgressWrites {
  private waiting: Waiting[] = []
  private writing = false

  constructor(
    private readonly write: (changes: ProgressChange[]) => Promise<Array<ExecutionRow | undefined>>,
  ) {}

  /** Writes the change with the others waiting; its execution as saved, or undefined. */
  save(change: ProgressChange): Promise<ExecutionRow | undefined> {
    return new Promise((settle, fail) => {
      this.waiting.push({ change, settle, fail })
      void this.drain()
    })
  }

  private async drain(): Promise<void> {
    if (this.writing) return
    this.writing = true
    try {
      while (this.waiting.length > 0) {
        const batch = this.nextBatch()
        try {
          const saved = await this.write(batch.map((entry) => entry.change))
          for (const [index, entry] of batch.entries()) entry.settle(saved[index])
        } catch (error) {
          // Each caller answers its device and counts the failure (gateway.ts).
          for (const entry of batch) entry.fail(error)
        }
      }
    } finally {
      this.writing = false
    }
  }

  /** The next batch: the oldest waiting, one per execution, at most MAX_BATCH. */
  private nextBatch(): Waiting[] {
    const batch: Waiting[] = []
    const rest: Waiting[] = []
    const taken = new Set<string>()
    for (const entry of this.waiting) {
      const key = `${entry.change.jobId}\u0000${entry.change.deviceId}`
      if (batch.length < MAX_BATCH && !taken.has(key)) {
        taken.add(key)
        batch.push(entry)
      } else rest.push(entry)
    }
    this.waiting = rest
    return batch
  }
}
