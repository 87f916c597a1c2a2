/**
 * The durable job scheduler: timed work, rollout waves, retries and timeouts that must survive a
 * restart (`kill -9` included) and must never run twice at once across server instances.
 *
 * Jobs live in the database (pg-boss's own `pgboss` schema), on the embedded PGlite and on a
 * PostgreSQL server alike; an instance claims a job with `FOR UPDATE SKIP LOCKED`, so two instances
 * on one database never hold the same job. A job whose process died while holding it becomes
 * claimable again when its expiration passes, so a handler may run again after a crash: handlers
 * must be idempotent. A handler that throws is retried per `retryLimit` (a crash counts as an
 * attempt too). `singletonKey` holds one unfinished job per key: waiting, retrying or running;
 * once it completes, fails for good or is cancelled, the key is free again.
 *
 * The app builds one as `app.scheduler` (see app.ts); modules code against this interface only.
 */
export interface ScheduledJob<T> {
  id: string
  data: T
}

/** When and how a job runs: not before `startAfter`; one unfinished job per `singletonKey`. */
export interface SendOptions {
  startAfter?: Date
  singletonKey?: string
  retryLimit?: number
  retryDelaySeconds?: number
}

/** How a queue is worked on this instance. */
export interface WorkOptions {
  /**
   * Jobs claimed per fetch and run side by side (the scheduler's default otherwise): a queue whose
   * handlers group their work (alarms firing together) claims more at once.
   */
  batchSize?: number
}

export interface Scheduler {
  /** Runs `handler` for each job of `queue` on whichever instance claims it (SKIP LOCKED): never twice at once. */
  work<T extends object>(
    queue: string,
    handler: (job: ScheduledJob<T>) => Promise<void>,
    options?: WorkOptions,
  ): Promise<void>
  /** Queues a job, not before `startAfter`; with `singletonKey` at most one job per key is queued (returns null then). */
  send<T extends object>(queue: string, data: T, options?: SendOptions): Promise<string | null>
  /**
   * Queues several jobs in one statement (a burst of alarms costs one insert, not one each); a job
   * whose `singletonKey` is held already is left out, as `send` would.
   */
  sendMany<T extends object>(queue: string, jobs: Array<{ data: T; options?: SendOptions }>): Promise<void>
  cancel(queue: string, id: string): Promise<void>
  stop(): Promise<void>
}
