/** updates written by one statement at most */
const MAX_BATCH = 500

/** What names one execution: a device's of a job. */
interface ExecutionKey {
  jobId: string
  deviceId: number
}

interface Waiting<Change, Saved> {
  change: Change
  settle: (saved: Saved | undefined) => void
  fail: (error: unknown) => void
}

/**
 * Updates of many devices' executions written together (group commit): the first is written at
 * once, and those that arrive while a write runs go in the next, one statement for all. On the
 * embedded database a single-row update costs about a millisecond, a row of a hundred-row
 * statement a twentieth of that, and a transaction of several statements holds its one session
 * between them (docs/decisions.md, "The 10,000-device campaign"). Each caller still gets its own
 * answer: its execution as saved, or undefined when it was not as asked. Two updates of one
 * execution never share a statement (one would hide the other): the later waits for the next.
 * The jobs service keeps one for progress and one for outcomes.
 */
export class ExecutionWrites<Change extends ExecutionKey, Saved> {
  private waiting: Array<Waiting<Change, Saved>> = []
  private writing = false

  constructor(private readonly write: (changes: Change[]) => Promise<Array<Saved | undefined>>) {}

  /** Writes the change with the others waiting; its execution as saved, or undefined. */
  save(change: Change): Promise<Saved | undefined> {
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
  private nextBatch(): Array<Waiting<Change, Saved>> {
    const batch: Array<Waiting<Change, Saved>> = []
    const rest: Array<Waiting<Change, Saved>> = []
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
