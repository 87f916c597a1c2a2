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

export interface Scheduler {
  /** Runs `handler` for each job of `queue` on whichever instance claims it (SKIP LOCKED): never twice at once. */
  work<T extends object>(queue: string, handler: (job: ScheduledJob<T>) => Promise<void>): Promise<void>
  /** Queues a job, not before `startAfter`; with `singletonKey` at most one job per key is queued (returns null then). */
  send<T extends object>(
    queue: string,
    data: T,
    options?: { startAfter?: Date; singletonKey?: string; retryLimit?: number; retryDelaySeconds?: number },
  ): Promise<string | null>
  cancel(queue: string, id: string): Promise<void>
  stop(): Promise<void>
}
