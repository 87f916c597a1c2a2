import type { JsonObject } from '@canopy/shared/protocol'
import type { Database, Executor } from '../../db/client'
import { type JobRow, jobsRepository } from './jobs.repository'

/** What never changes about a job once created: its document, its policy and its operation. */
export type JobFacts = Pick<JobRow, 'jobId' | 'operation' | 'document' | 'executionPolicy'>

/** jobs remembered; a campaign runs a handful of jobs at once, so this is plenty */
const REMEMBERED = 1000

/**
 * The immutable part of jobs, read once: every request of every device of a 10,000-device order
 * names the same few jobs, and reading the job again for each (its document for the answer, its
 * policy for the timers, its operation for the listeners) was a database round trip each time.
 * Only what cannot change is kept (a job's status is read from the database where it matters).
 */
export class JobFactsCache {
  private readonly facts = new Map<string, JobFacts>()

  constructor(private readonly db: Database) {}

  /**
   * The job's facts; undefined when there is no such job. Inside a transaction, pass it: the
   * embedded database has one connection, which the transaction holds until it ends.
   */
  async of(jobId: string, db: Executor = this.db): Promise<JobFacts | undefined> {
    const known = this.facts.get(jobId)
    if (known) return known
    const row = await jobsRepository(db).findJob(jobId)
    if (!row) return undefined
    return this.remember(row)
  }

  /** Keeps a job's facts, from a row read or written elsewhere; the oldest is forgotten first. */
  remember(row: JobFacts): JobFacts {
    const facts = {
      jobId: row.jobId,
      operation: row.operation,
      document: row.document,
      executionPolicy: row.executionPolicy,
    }
    if (this.facts.size >= REMEMBERED) this.facts.delete(this.facts.keys().next().value!)
    this.facts.set(row.jobId, facts)
    return facts
  }

  /** The documents of these jobs, by id (the cache first). */
  async documents(jobIds: string[], db: Executor = this.db): Promise<Map<string, JsonObject>> {
    const found = new Map<string, JsonObject>()
    for (const jobId of new Set(jobIds)) {
      const facts = await this.of(jobId, db)
      if (facts) found.set(jobId, facts.document)
    }
    return found
  }
}
