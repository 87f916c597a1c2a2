import pg from 'pg'

const GATEWAY_LOCK = [7253, 2] as const

/**
 * One instance of several answers the shadow topics (Mosquitto cannot share a subscription to
 * `$aws/…` topics between instances, and two answers would bump versions twice). The instance
 * holding a PostgreSQL advisory lock on its own connection is that one; if it goes, its
 * connection and lock go with it, and the next instance to ask takes over.
 */
export class LeaderLock {
  private client: pg.Client | undefined
  private timer: NodeJS.Timeout | undefined
  private stopped = false

  constructor(
    private readonly connectionString: string,
    /** a failed attempt (it is tried again in 5 s) */
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Calls `onLeader` once this instance holds the lock (at once, or when it frees up). */
  async whenLeader(onLeader: () => Promise<void>): Promise<void> {
    const attempt = async () => {
      if (this.stopped) return
      try {
        if (await this.tryAcquire()) return onLeader()
      } catch (error) {
        this.onError(error)
        this.client = undefined
      }
      this.timer = setTimeout(() => void attempt(), 5000)
      this.timer.unref()
    }
    await attempt()
  }

  /** Gives the lock back by ending its session; with the database gone the caller bounds the wait. */
  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    await this.client?.end()
  }

  private async tryAcquire(): Promise<boolean> {
    if (!this.client) {
      this.client = new pg.Client({ connectionString: this.connectionString })
      this.client.on('error', (error) => {
        // The lock died with the connection: stop answering until it is ours again.
        this.onError(error)
        this.client = undefined
      })
      await this.client.connect()
    }
    const { rows } = await this.client.query('select pg_try_advisory_lock($1, $2) as acquired', [
      ...GATEWAY_LOCK,
    ])
    return rows[0].acquired === true
  }
}
