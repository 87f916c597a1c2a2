import pg from 'pg'
import PgBoss from 'pg-boss'
import type { ScheduledJob, Scheduler, SendOptions, WorkOptions } from './scheduler'

export interface PgBossSchedulerOptions {
  /** the libpq URL: the embedded database's socket or a PostgreSQL server */
  url: string
  /** connections of the scheduler's own pool (polling never queues behind the app's queries) */
  maxConnections?: number
  /**
   * How often an idle queue looks for due jobs (pg-boss minimum 0.5). Jobs sent by this instance
   * wake it themselves, at once or at their time; one another instance sent starts at most this late.
   */
  pollingIntervalSeconds?: number
  /** jobs claimed per fetch and run side by side; finished ones are completed in one statement */
  batchSize?: number
  /**
   * How long a claimed job may stay claimed: past it the instance gives up waiting for its handler
   * (counted as a failed attempt) and the maintenance hands it to whoever polls next, which is how
   * a job held by a killed process runs again.
   */
  expireInSeconds?: number
  /** how often one of the instances runs pg-boss's maintenance (expiration, archiving) */
  maintenanceIntervalSeconds?: number
  /**
   * The database is this process's alone (the embedded one under DATA_DIR): a job still claimed
   * at start was claimed by a process that died, and is handed back at once rather than at its
   * expiry. Never for a database other instances may share: their claims are alive.
   */
  reclaimOnStart?: boolean
  /** used when a send names no retry limit */
  retryLimit?: number
  /** errors nobody awaits (polling, maintenance, a handler's failure); the app passes its logger */
  reportError: (error: unknown, what: string) => void
}

export const SCHEDULER_DEFAULTS = {
  reclaimOnStart: false,
  maxConnections: 2,
  // Each poll is a statement of a few milliseconds on the embedded database, for every queue:
  // at 0.5 s, seven idle queues took a twentieth of its time.
  pollingIntervalSeconds: 2,
  batchSize: 100,
  expireInSeconds: 120,
  maintenanceIntervalSeconds: 10,
  retryLimit: 2,
} as const

/** How long after a job's time this instance's wake-up polls for it. */
const DUE_MARGIN_MS = 20

/** The longest a queue waits between polls that keep failing. */
const MAX_BACKOFF_MS = 30_000

/** Handlers still running at stop are waited for this long, then handed back to the queue. */
const STOP_GRACE_MS = 3000

/**
 * The Scheduler on pg-boss 10 (schema `pgboss`), on the embedded PGlite and on PostgreSQL alike.
 *
 * pg-boss's own `work()` completes or fails a fetched batch as a whole; the interface runs one
 * handler per job, so this class polls with pg-boss's `fetch` (SKIP LOCKED) and settles each job
 * by itself: the successes of a batch in one `complete`, each failure with its error.
 */
export class PgBossScheduler implements Scheduler {
  private readonly queues = new Map<string, Promise<void>>()
  private readonly loops = new Map<string, QueueLoop>()
  private stopping = false

  private constructor(
    private readonly boss: PgBoss,
    private readonly pool: pg.Pool,
    private readonly db: PgBoss.Db,
    private readonly settings: Required<Omit<PgBossSchedulerOptions, 'url' | 'reportError'>> &
      Pick<PgBossSchedulerOptions, 'reportError'>,
  ) {}

  static async start(options: PgBossSchedulerOptions): Promise<PgBossScheduler> {
    const settings = { ...SCHEDULER_DEFAULTS, ...options }
    const pool = new pg.Pool({
      connectionString: options.url,
      max: settings.maxConnections,
      application_name: 'canopy-scheduler',
    })
    pool.on('error', (error) => options.reportError(error, 'scheduler connection'))
    const db = transactionSafe(pool)
    const boss = new PgBoss({
      db,
      schema: 'pgboss',
      migrate: true,
      supervise: true,
      // Canopy schedules with startAfter; pg-boss's cron (and its clock-skew monitor) stays off.
      schedule: false,
      maintenanceIntervalSeconds: settings.maintenanceIntervalSeconds,
      expireInSeconds: settings.expireInSeconds,
      retryLimit: settings.retryLimit,
    })
    boss.on('error', (error) => options.reportError(error, 'scheduler maintenance'))
    try {
      await boss.start()
      if (settings.reclaimOnStart) {
        // pg-boss's own expiry, brought forward: each such job is retried as one more attempt.
        await pool.query(
          "UPDATE pgboss.job SET started_on = now() - expire_in - interval '1 second' WHERE state = 'active'",
        )
        await boss.expire()
      }
    } catch (error) {
      // Its maintenance timer goes too; the start's own error is the one thrown.
      await boss
        .stop({ graceful: false, close: false, wait: true })
        .catch((stopError) => options.reportError(stopError, 'scheduler stop after a failed start'))
      await pool.end()
      throw error
    }
    return new PgBossScheduler(boss, pool, db, settings)
  }

  async work<T extends object>(
    queue: string,
    handler: (job: ScheduledJob<T>) => Promise<void>,
    options: WorkOptions = {},
  ): Promise<void> {
    if (this.stopping) throw new Error('the scheduler is stopped')
    if (this.loops.has(queue)) throw new Error(`queue ${queue} already has a handler on this instance`)
    await this.queue(queue)
    const loop = new QueueLoop(
      this.boss,
      this.db,
      queue,
      handler as (job: ScheduledJob<object>) => Promise<void>,
      {
        ...this.settings,
        ...(options.batchSize !== undefined && { batchSize: options.batchSize }),
        stopping: () => this.stopping,
      },
    )
    this.loops.set(queue, loop)
    loop.start()
  }

  async send<T extends object>(queue: string, data: T, options: SendOptions = {}): Promise<string | null> {
    await this.queue(queue)
    const id = await this.boss.send(queue, data, bossOptions(options))
    // A job on a queue this instance works starts when due rather than at the next poll after.
    if (id) this.loops.get(queue)?.wakeAt(options.startAfter ?? new Date())
    return id
  }

  async sendMany<T extends object>(
    queue: string,
    jobs: Array<{ data: T; options?: SendOptions }>,
  ): Promise<void> {
    if (jobs.length === 0) return
    await this.queue(queue)
    // pg-boss's insert: one INSERT … SELECT of all the jobs, ON CONFLICT DO NOTHING (the key's index).
    await this.boss.insert(
      jobs.map(({ data, options = {} }) => ({ name: queue, data, ...bossOptions(options) })),
    )
    // Its insert says nothing of which were left out: the loop is woken for each time all the same.
    const loop = this.loops.get(queue)
    for (const at of new Set(jobs.map(({ options }) => options?.startAfter?.getTime() ?? Date.now())))
      loop?.wakeAt(new Date(at))
  }

  async cancel(queue: string, id: string): Promise<void> {
    await this.queue(queue)
    await this.boss.cancel(queue, id)
  }

  async stop(): Promise<void> {
    if (this.stopping) return
    this.stopping = true
    await Promise.all([...this.loops.values()].map((loop) => loop.stop()))
    await this.boss.stop({ graceful: false, close: false, wait: true })
    await this.pool.end()
  }

  /** pg-boss 10 needs a queue before its jobs; each instance makes sure once per queue. */
  private queue(name: string): Promise<void> {
    let ready = this.queues.get(name)
    if (!ready) {
      ready = this.createQueue(name)
      // A failed creation is tried again by the next call rather than remembered.
      ready.catch(() => this.queues.delete(name))
      this.queues.set(name, ready)
    }
    return ready
  }

  /**
   * pg-boss's `create_queue` (what its `createQueue` runs) and our two indexes on the queue's
   * partition, in one transaction under an advisory lock: instances creating the same queue at
   * once take turns (pg-boss's function alone deadlocks on PostgreSQL when two run together).
   *
   * - singletonKey: at most one unfinished (created, retry or active) job per key. pg-boss's own
   *   singleton policies also gate jobs without a key, so the rule is a partial unique index,
   *   which its insert's ON CONFLICT DO NOTHING obeys (send answers null).
   * - The order pg-boss's fetch claims in (priority, then oldest): without this index every
   *   fetch sorts all pending jobs (100,000 pending: ~100 claims/s; bench/scheduler.ts).
   */
  private async createQueue(name: string): Promise<void> {
    const client = await this.pool.connect()
    try {
      await client.query('BEGIN')
      await client.query("SELECT pg_advisory_xact_lock(hashtext('canopy.scheduler.queue'))")
      await client.query('SELECT pgboss.create_queue($1, $2)', [name, { policy: 'standard' }])
      const { rows } = await client.query<{ partition_name: string }>(
        'SELECT partition_name FROM pgboss.queue WHERE name = $1',
        [name],
      )
      const partition = rows[0]?.partition_name
      if (!partition || !/^j[0-9a-f]{56}$/.test(partition))
        throw new Error(`pg-boss queue ${name} has no partition`)
      await client.query(`CREATE UNIQUE INDEX IF NOT EXISTS ${partition}_ck ON pgboss.${partition} (singleton_key)
        WHERE singleton_key IS NOT NULL AND state < 'completed'`)
      await client.query(`CREATE INDEX IF NOT EXISTS ${partition}_cf ON pgboss.${partition} (priority DESC, created_on, id)
        WHERE state < 'active'`)
      await client.query('COMMIT')
      client.release()
    } catch (error) {
      await client.query('ROLLBACK').then(
        () => client.release(),
        (rollbackError: Error) => client.release(rollbackError),
      )
      throw error
    }
  }
}

/** One queue's polling on this instance. */
class QueueLoop {
  private sleeping: { timer: NodeJS.Timeout; resolve: () => void } | undefined
  /** the earliest time a job sent by this instance falls due, and the timer that wakes the loop then */
  private nextDue: { at: number; timer: NodeJS.Timeout } | undefined
  private wokenWhileAwake = false
  private running: Promise<void> | undefined
  /** jobs whose handler is running: handed back to the queue if stop cannot wait for them */
  private readonly inFlight = new Set<string>()

  constructor(
    private readonly boss: PgBoss,
    private readonly db: PgBoss.Db,
    private readonly queue: string,
    private readonly handler: (job: ScheduledJob<object>) => Promise<void>,
    private readonly settings: {
      pollingIntervalSeconds: number
      batchSize: number
      expireInSeconds: number
      reportError: (error: unknown, what: string) => void
      stopping: () => boolean
    },
  ) {}

  start(): void {
    this.running = this.run()
  }

  /** Wakes the loop at `at` (now when past), unless it is to wake earlier already. */
  wakeAt(at: Date): void {
    const delay = at.getTime() - Date.now()
    if (delay <= 0) {
      this.wake()
      return
    }
    if (this.nextDue && this.nextDue.at <= at.getTime()) return
    clearTimeout(this.nextDue?.timer)
    // A little after: the database's clock must see it due too.
    const timer = setTimeout(() => {
      this.nextDue = undefined
      this.wake()
    }, delay + DUE_MARGIN_MS)
    timer.unref()
    this.nextDue = { at: at.getTime(), timer }
  }

  wake(): void {
    // Woken while it polls: the poll may have missed the job, so it polls again without sleeping.
    if (!this.sleeping) {
      this.wokenWhileAwake = true
      return
    }
    clearTimeout(this.sleeping.timer)
    this.sleeping.resolve()
    this.sleeping = undefined
  }

  async stop(): Promise<void> {
    clearTimeout(this.nextDue?.timer)
    this.wake()
    const finished = await Promise.race([
      this.running?.then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), STOP_GRACE_MS).unref()),
    ])
    if (finished || this.inFlight.size === 0) return
    // Failed now, so the next instance (or this one restarted) retries them without waiting for expiry.
    for (const id of this.inFlight) {
      await this.boss
        .fail(this.queue, id, { message: 'the instance stopped while the job ran' })
        .catch((error) => this.settings.reportError(error, `scheduler stop (${this.queue})`))
    }
  }

  private async run(): Promise<void> {
    const { batchSize, pollingIntervalSeconds, reportError, stopping } = this.settings
    const pollingMs = pollingIntervalSeconds * 1000
    /** polls failed in a row (the database gone, say): polled less often, reported less often */
    let failures = 0
    while (!stopping()) {
      let claimed = 0
      try {
        claimed = await this.claimAndRun(batchSize)
        failures = 0
      } catch (error) {
        failures += 1
        if (failures === 1 || failures % 10 === 0)
          reportError(error, `scheduler poll (${this.queue}), ${failures} failed in a row`)
      }
      // A full batch means more are due: fetch again at once.
      const wait =
        failures > 0
          ? Math.min(MAX_BACKOFF_MS, pollingMs * 2 ** failures)
          : claimed < batchSize
            ? pollingMs
            : 0
      if (wait > 0 && !stopping()) await this.sleep(wait)
    }
  }

  private async claimAndRun(batchSize: number): Promise<number> {
    const failure: { error?: unknown } = {}
    const jobs = await this.boss.fetch<object>(this.queue, {
      batchSize,
      db: recordingFailure(this.db, failure),
    })
    // pg-boss's fetch answers [] for any error; an error is reported here instead of hidden.
    if (failure.error) throw failure.error
    if (jobs.length === 0) return 0
    const done: string[] = []
    await Promise.all(
      jobs.map(async (job) => {
        this.inFlight.add(job.id)
        try {
          await this.runOne({ id: job.id, data: job.data })
          done.push(job.id)
        } catch (error) {
          // Retried per its retryLimit; the error is kept as the job's output, and logged.
          this.settings.reportError(error, `scheduled job ${job.id} (${this.queue})`)
          await this.boss.fail(this.queue, job.id, errorOutput(error))
        } finally {
          this.inFlight.delete(job.id)
        }
      }),
    )
    if (done.length > 0) await this.boss.complete(this.queue, done)
    return jobs.length
  }

  /** The handler, given up on at the job's expiration (maintenance hands the job on then). */
  private async runOne(job: ScheduledJob<object>): Promise<void> {
    let timer: NodeJS.Timeout | undefined
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`handler ran past ${this.settings.expireInSeconds} s`)),
        this.settings.expireInSeconds * 1000,
      )
    })
    try {
      await Promise.race([this.handler(job), expired])
    } finally {
      clearTimeout(timer)
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.wokenWhileAwake) {
      this.wokenWhileAwake = false
      return Promise.resolve()
    }
    return new Promise((resolve) => {
      this.sleeping = { timer: setTimeout(resolve, ms), resolve }
    })
  }
}

/** pg-boss checks a named option even when it is undefined: only those given are passed. */
function bossOptions(options: SendOptions) {
  return {
    ...(options.startAfter && { startAfter: options.startAfter }),
    ...(options.singletonKey !== undefined && { singletonKey: options.singletonKey }),
    ...(options.retryLimit !== undefined && { retryLimit: options.retryLimit }),
    ...(options.retryDelaySeconds !== undefined && { retryDelay: options.retryDelaySeconds }),
  }
}

function errorOutput(error: unknown): { message: string } {
  return { message: error instanceof Error ? error.message : String(error) }
}

/** The pg-boss `db` for one fetch, keeping the error that pg-boss's fetch would swallow. */
function recordingFailure(db: PgBoss.Db, failure: { error?: unknown }): PgBoss.Db {
  return {
    executeSql: (text, values) =>
      db.executeSql(text, values).catch((error: unknown) => {
        failure.error = error
        throw error
      }),
  }
}

/**
 * pg-boss's statements on a pool, with one repair: several of them are `BEGIN; …; COMMIT;` in one
 * text, and when one fails the connection stays inside the aborted transaction. On the embedded
 * database that connection would keep PGlite's one session from everyone else (pglite-worker.mjs),
 * so a failed statement is followed by ROLLBACK on its own connection before it goes back.
 */
export function transactionSafe(pool: pg.Pool): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      const client = await pool.connect()
      try {
        const result = await client.query(text, values)
        client.release()
        return result
      } catch (error) {
        await client.query('ROLLBACK').then(
          () => client.release(),
          (rollbackError: Error) => client.release(rollbackError),
        )
        throw error
      }
    },
  }
}
