import { groupBy } from './group-by'

/**
 * Many callers' requests of one kind answered by one query: at most one batch runs at a time,
 * and the next takes every request made meanwhile (up to `maxBatch`). Idle, a request goes at
 * once, alone; under load the batches grow with the load, so a connect storm of 10,000 devices
 * costs hundreds of queries, not tens of thousands. When a batch of several fails, each of its
 * requests is tried alone: one device's bad row fails only its own caller.
 *
 * With `gatherTurn`, an idle request waits for the end of the event loop's turn instead, so
 * requests made together (the handlers of a job batch the scheduler claimed, started side by side)
 * make one batch rather than a lone first and the rest.
 */
export class Coalesced<T, R> {
  private pending: Array<{ item: T; resolve: (result: R) => void; reject: (error: unknown) => void }> = []
  private running = false

  constructor(
    /** answers a batch: one result per item, in order */
    private readonly runBatch: (items: T[]) => Promise<R[]>,
    private readonly maxBatch = 500,
    private readonly options: { gatherTurn?: boolean } = {},
  ) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.pending.push({ item, resolve, reject })
      if (this.running) return
      if (!this.options.gatherTurn) void this.drain()
      else {
        this.running = true
        setImmediate(() => void this.drain())
      }
    })
  }

  private async drain(): Promise<void> {
    this.running = true
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, this.maxBatch)
        try {
          const results = await this.runBatch(batch.map((entry) => entry.item))
          for (const [index, entry] of batch.entries()) entry.resolve(results[index]!)
        } catch (error) {
          if (batch.length === 1) batch[0]!.reject(error)
          else for (const entry of batch) await this.runAlone(entry)
        }
      }
    } finally {
      this.running = false
    }
  }

  private async runAlone(entry: (typeof this.pending)[number]): Promise<void> {
    try {
      const [result] = await this.runBatch([entry.item])
      entry.resolve(result!)
    } catch (error) {
      entry.reject(error)
    }
  }
}

/**
 * A Coalesced read of each key's rows (a device's pending executions, say): `load` answers the
 * rows of many keys in one query, and each caller gets its key's rows, in `load`'s order. A key
 * asked twice in a batch is read once.
 */
export function coalescedRows<K, Row>(
  load: (keys: K[]) => Promise<Row[]>,
  keyOf: (row: Row) => K,
  options: { gatherTurn?: boolean } = {},
): Coalesced<K, Row[]> {
  return new Coalesced(
    async (keys) => {
      const byKey = groupBy(await load([...new Set(keys)]), keyOf)
      return keys.map((key) => byKey.get(key) ?? [])
    },
    undefined,
    options,
  )
}
