import type { JobExecutionStatus, JsonObject, StatusDetails } from '@canopy/shared/protocol'
import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import type { FailureReason } from '../../modules/operations/executions'

/** A job execution as stored, with its device's thing name. */
export interface ExecutionRow {
  jobId: string
  deviceId: number
  thing: string
  executionNumber: number
  status: JobExecutionStatus
  statusDetails: StatusDetails
  versionNumber: number
  queuedAt: Date
  startedAt: Date | null
  lastUpdatedAt: Date
  inProgressTimeoutAt: Date | null
  stepTimeoutAt: Date | null
}

export interface JobRow {
  jobId: string
  /** the operation of the log the job is (its progress and result: device/operation) */
  operationId: number
  tenantId: number
  operation: string
  document: JsonObject
  status: string
  executionPolicy: { inProgressTimeoutInMinutes?: number }
  createdAt: Date
  completedAt: Date | null
}

/** What an update writes; the version goes up by one and `lastUpdatedAt` is now. */
export interface ExecutionChange {
  status: JobExecutionStatus
  statusDetails: StatusDetails
  startedAt: Date | null
  inProgressTimeoutAt: Date | null
  stepTimeoutAt: Date | null
  /** why it did not succeed (executions.ts): kept as data beside AWS's statusDetails */
  reason?: FailureReason
}

/** Progress on a running execution (its status stays IN_PROGRESS), as `saveProgress` writes it. */
export interface ProgressChange {
  jobId: string
  deviceId: number
  /** the execution's number; the device's latest of the job when absent */
  executionNumber?: number
  /** refused unless the execution is at this version */
  expectedVersion?: number
  /** replaces the execution's statusDetails when given */
  statusDetails?: StatusDetails
  /** a new step deadline, none (null), or the current one kept */
  stepTimeoutAt: Date | null | 'keep'
}

/**
 * A running execution's outcome (SUCCEEDED, FAILED, REJECTED), as `saveOutcomes` writes it: the
 * common end of a job, which a device says once the work is done.
 */
export interface OutcomeChange {
  jobId: string
  deviceId: number
  executionNumber?: number
  expectedVersion?: number
  status: 'SUCCEEDED' | 'FAILED' | 'REJECTED'
  /** replaces the execution's statusDetails */
  statusDetails: StatusDetails
  stepTimeoutAt: Date | null | 'keep'
  reason?: FailureReason
}

/** An outcome as saved, and whether the execution was its device's next (the head) before it. */
export type SavedOutcome = ExecutionRow & { wasHead: boolean }

const EXECUTION_COLUMNS = sql`e.job_id as "jobId", e.device_id as "deviceId", d.thing_name as thing,
  e.execution_number as "executionNumber", e.status, e.status_details as "statusDetails",
  e.version_number as "versionNumber", e.queued_at as "queuedAt", e.started_at as "startedAt",
  e.last_updated_at as "lastUpdatedAt", e.in_progress_timeout_at as "inProgressTimeoutAt",
  e.step_timeout_at as "stepTimeoutAt"`

/** AWS's order of pending executions: IN_PROGRESS before QUEUED, then by the time queued. */
const PENDING_ORDER = sql`(e.status = 'IN_PROGRESS') desc, e.queued_at, e.job_id, e.execution_number`
// Executions of the `jobs` channel only: a device sees through the Jobs API its jobs, never the
// executions of settings changes or commands that share the table (docs/ARCHITECTURE.md).
const PENDING = sql`e.job_id is not null and e.status in ('QUEUED', 'IN_PROGRESS')`

/** A device's start-next, as `startNextMany` takes it. */
export interface StartNextRequest {
  deviceId: number
  /** replaces the execution's statusDetails when given */
  statusDetails: StatusDetails | undefined
  stepTimeoutAt: Date | null
}

/** The execution start-next answered with; `changed` when this request started it. */
export interface StartedNext {
  row: ExecutionRow
  changed: boolean
}

/** Grouped writes' answers in the order of their changes: each its execution's row, or undefined. */
function inOrderOf<Row extends ExecutionRow>(
  changes: Array<{ jobId: string; deviceId: number }>,
  saved: Row[],
): Array<Row | undefined> {
  const key = (execution: { jobId: string; deviceId: number }) =>
    `${execution.jobId}\u0000${execution.deviceId}`
  const byExecution = new Map(saved.map((row) => [key(row), row]))
  return changes.map((change) => byExecution.get(key(change)))
}

/** The rows of a raw query, timestamps as Dates whatever the driver hands back. */
async function rows<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query)
  return result.rows.map((row) => withDates(row as Record<string, unknown>)) as T[]
}

const DATE_FIELDS = [
  'queuedAt',
  'startedAt',
  'lastUpdatedAt',
  'inProgressTimeoutAt',
  'stepTimeoutAt',
  'createdAt',
  'completedAt',
]

function withDates(row: Record<string, unknown>): Record<string, unknown> {
  for (const field of DATE_FIELDS) {
    const value = row[field]
    if (value !== null && value !== undefined && !(value instanceof Date))
      row[field] = new Date(value as string)
  }
  return row
}

export function jobsRepository(db: Executor) {
  return {
    /** Stores a job; false when its id is taken. */
    async insertJob(job: {
      jobId: string
      operationId: number
      tenantId: number
      operation: string
      document: JsonObject
      executionPolicy: JobRow['executionPolicy']
      createdBy: number | null
    }): Promise<boolean> {
      const inserted = await db.execute(sql`
        insert into jobs (job_id, operation_id, tenant_id, operation, document, status, execution_policy, created_by)
        values (${job.jobId}, ${job.operationId}, ${job.tenantId}, ${job.operation}, ${JSON.stringify(job.document)}::jsonb,
          'IN_PROGRESS', ${JSON.stringify(job.executionPolicy)}::jsonb, ${job.createdBy})
        on conflict (job_id) do nothing
        returning job_id`)
      return inserted.rows.length > 0
    },

    /**
     * Queues an execution of the job's operation for each of the devices that belong to the
     * tenant (the `jobs` channel); returns those queued.
     */
    async queueExecutions(
      jobId: string,
      operationId: number,
      tenantId: number,
      deviceIds: number[],
    ): Promise<Array<{ deviceId: number; thing: string }>> {
      return rows(
        db,
        sql`
        with queued as (
          insert into job_executions (operation_id, job_id, device_id, mac, channel, execution_number, status,
            status_details, version_number)
          select ${operationId}, ${jobId}, d.id, d.mac, 'jobs', 1, 'QUEUED', '{}'::jsonb, 1
          from devices d where d.id = any(${sql.param(deviceIds)}::int[]) and d.tenant_id = ${tenantId}
          returning device_id
        )
        select q.device_id as "deviceId", d.thing_name as thing
        from queued q join devices d on d.id = q.device_id order by q.device_id`,
      )
    },

    async findJob(jobId: string): Promise<JobRow | undefined> {
      const [row] = await rows<JobRow>(
        db,
        sql`select job_id as "jobId", operation_id as "operationId", tenant_id as "tenantId", operation, document, status,
          execution_policy as "executionPolicy", created_at as "createdAt", completed_at as "completedAt"
        from jobs where job_id = ${jobId}`,
      )
      return row
    },

    /** The job documents of these jobs, by id. */
    async documents(jobIds: string[]): Promise<Map<string, JsonObject>> {
      if (jobIds.length === 0) return new Map()
      const found = await rows<{ jobId: string; document: JsonObject }>(
        db,
        sql`select job_id as "jobId", document from jobs where job_id = any(${sql.param(jobIds)}::text[])`,
      )
      return new Map(found.map((row) => [row.jobId, row.document]))
    },

    /**
     * A device's pending executions in AWS's order (at most `limit`); `lock` locks them for the
     * rest of the transaction, so one device's requests change its queue one at a time.
     */
    async pending(deviceId: number, limit: number, lock = false): Promise<ExecutionRow[]> {
      return rows(
        db,
        sql`select ${EXECUTION_COLUMNS} from job_executions e join devices d on d.id = e.device_id
        where e.device_id = ${deviceId} and ${PENDING}
        order by ${PENDING_ORDER} limit ${limit} ${lock ? sql`for update of e` : sql``}`,
      )
    },

    /**
     * start-next for several devices in one statement, each device at most once (`StartNexts`
     * groups the requests arriving together): each device's next pending execution, moved to
     * IN_PROGRESS when it was QUEUED (its statusDetails replaced when given, its timers set: the
     * job's in-progress timeout, the step deadline given), as it was when already running
     * (`changed` false); undefined for a device with nothing pending. Each head is locked as
     * `pending(…, true)` locks it. Answers in the requests' order.
     */
    async startNextMany(requests: StartNextRequest[]): Promise<Array<StartedNext | undefined>> {
      if (requests.length === 0) return []
      const column = (value: (request: StartNextRequest) => unknown) => sql.param(requests.map(value))
      const found = await rows<ExecutionRow & { changed: boolean; position: number }>(
        db,
        sql`with v as (
          select * from unnest(${column((r) => r.deviceId)}::int[],
            ${column((r) => (r.statusDetails === undefined ? null : JSON.stringify(r.statusDetails)))}::jsonb[],
            ${column((r) => r.stepTimeoutAt?.toISOString() ?? null)}::timestamptz[])
            with ordinality as v(device_id, details, step_at, position)
        ), head as (
          select h.*, v.details, v.step_at, v.position from v cross join lateral (
            select e.job_id, e.device_id, e.execution_number, e.status from job_executions e
            where e.device_id = v.device_id and ${PENDING}
            order by ${PENDING_ORDER} limit 1 for update of e
          ) h
        ), started as (
          update job_executions e set status = 'IN_PROGRESS', status_details = coalesce(head.details, e.status_details),
            version_number = e.version_number + 1, last_updated_at = now(), started_at = now(),
            in_progress_timeout_at = now() + make_interval(mins => (j.execution_policy->>'inProgressTimeoutInMinutes')::int),
            step_timeout_at = head.step_at
          from head, jobs j, devices d
          where head.status = 'QUEUED' and e.job_id = head.job_id and e.device_id = head.device_id
            and e.execution_number = head.execution_number and j.job_id = e.job_id and d.id = e.device_id
          returning ${EXECUTION_COLUMNS}, true as changed, head.position
        )
        select * from started
        union all
        select ${EXECUTION_COLUMNS}, false as changed, head.position
        from head join job_executions e on e.job_id = head.job_id and e.device_id = head.device_id
          and e.execution_number = head.execution_number
        join devices d on d.id = e.device_id
        where head.status = 'IN_PROGRESS'`,
      )
      const byPosition = new Map(
        found.map(({ changed, position, ...row }) => [Number(position), { row, changed }] as const),
      )
      return requests.map((_, index) => byPosition.get(index + 1))
    },

    /** The online devices with an execution still queued: whom to remind of their next one. */
    async onlineWithQueued(): Promise<Array<{ deviceId: number; thing: string }>> {
      return rows(
        db,
        sql`select distinct d.id as "deviceId", d.thing_name as thing
        from job_executions e join devices d on d.id = e.device_id
        where e.job_id is not null and e.status = 'QUEUED' and d.status = 'online'`,
      )
    },

    /** Many devices' pending executions, in AWS's order per device. */
    async pendingOfDevices(deviceIds: number[]): Promise<ExecutionRow[]> {
      if (deviceIds.length === 0) return []
      return rows(
        db,
        sql`select ${EXECUTION_COLUMNS} from job_executions e join devices d on d.id = e.device_id
        where e.device_id = any(${sql.param(deviceIds)}::int[]) and ${PENDING}
        order by e.device_id, ${PENDING_ORDER}`,
      )
    },

    /** A device's execution of a job: the one numbered, or its latest; `lock` locks it. */
    async find(
      jobId: string,
      deviceId: number,
      executionNumber: number | undefined,
      lock = false,
    ): Promise<ExecutionRow | undefined> {
      const [row] = await rows<ExecutionRow>(
        db,
        sql`select ${EXECUTION_COLUMNS} from job_executions e join devices d on d.id = e.device_id
        where e.job_id = ${jobId} and e.device_id = ${deviceId}
          ${executionNumber === undefined ? sql`` : sql`and e.execution_number = ${executionNumber}`}
        order by e.execution_number desc limit 1 ${lock ? sql`for update of e` : sql``}`,
      )
      return row
    },

    /** Writes a change of a locked execution; its version goes up by one. */
    async save(row: ExecutionRow, change: ExecutionChange): Promise<ExecutionRow> {
      const [saved] = await rows<ExecutionRow>(
        db,
        sql`update job_executions e set status = ${change.status},
          status_details = ${JSON.stringify(change.statusDetails)}::jsonb,
          version_number = e.version_number + 1, last_updated_at = now(),
          started_at = ${change.startedAt?.toISOString() ?? null}::timestamptz,
          in_progress_timeout_at = ${change.inProgressTimeoutAt?.toISOString() ?? null}::timestamptz,
          step_timeout_at = ${change.stepTimeoutAt?.toISOString() ?? null}::timestamptz,
          reason_code = ${change.reason?.code ?? null}, reason_detail = ${change.reason?.detail ?? null}
        from devices d
        where d.id = e.device_id and e.job_id = ${row.jobId} and e.device_id = ${row.deviceId}
          and e.execution_number = ${row.executionNumber}
        returning ${EXECUTION_COLUMNS}`,
      )
      return saved!
    },

    /**
     * Progress on running executions, many in one statement: each the execution numbered (or
     * the device's latest of the job) when it is IN_PROGRESS and at `expectedVersion` when one
     * is given; its statusDetails replaced when given, its step timer set, kept (`keep`) or
     * cancelled (null). The answers in the order of the changes: undefined where no such
     * execution was running at that version. One change per execution (ProgressWrites).
     */
    async saveProgress(changes: ProgressChange[]): Promise<Array<ExecutionRow | undefined>> {
      if (changes.length === 0) return []
      const column = (value: (change: ProgressChange) => unknown) => sql.param(changes.map(value))
      const saved = await rows<ExecutionRow>(
        db,
        sql`update job_executions e set status_details = coalesce(v.details, e.status_details),
          version_number = e.version_number + 1, last_updated_at = now(),
          step_timeout_at = case when v.keep_step then e.step_timeout_at else v.step_at end
        from unnest(${column((c) => c.jobId)}::text[], ${column((c) => c.deviceId)}::int[],
            ${column((c) => c.executionNumber ?? null)}::int[], ${column((c) => c.expectedVersion ?? null)}::int[],
            ${column((c) => (c.statusDetails === undefined ? null : JSON.stringify(c.statusDetails)))}::jsonb[],
            ${column((c) => c.stepTimeoutAt === 'keep')}::boolean[],
            ${column((c) => (c.stepTimeoutAt instanceof Date ? c.stepTimeoutAt.toISOString() : null))}::timestamptz[])
          as v(job_id, device_id, execution_number, expected, details, keep_step, step_at),
          devices d
        where e.job_id = v.job_id and e.device_id = v.device_id and d.id = e.device_id and e.status = 'IN_PROGRESS'
          and e.execution_number = coalesce(v.execution_number, (select max(x.execution_number) from job_executions x
            where x.job_id = v.job_id and x.device_id = v.device_id))
          and (v.expected is null or e.version_number = v.expected)
        returning ${EXECUTION_COLUMNS}`,
      )
      return inOrderOf(changes, saved)
    },

    /**
     * Outcomes of running executions, many in one statement, chosen as `saveProgress` chooses
     * (IN_PROGRESS, at `expectedVersion` when given); undefined where none was. Each answer says
     * whether the execution was its device's head before (its notify-next then changes). The
     * jobs whose last pending executions these were are COMPLETED in the same statement; a job
     * whose last two executions end in two statements at once (two instances) is left for the
     * sweep (`completeFinishedJobs`), as neither statement sees the other's.
     */
    async saveOutcomes(changes: OutcomeChange[]): Promise<Array<SavedOutcome | undefined>> {
      if (changes.length === 0) return []
      const column = (value: (change: OutcomeChange) => unknown) => sql.param(changes.map(value))
      const saved = await rows<SavedOutcome>(
        db,
        sql`with v as (
          select * from unnest(${column((c) => c.jobId)}::text[], ${column((c) => c.deviceId)}::int[],
            ${column((c) => c.executionNumber ?? null)}::int[], ${column((c) => c.expectedVersion ?? null)}::int[],
            ${column((c) => c.status)}::text[], ${column((c) => JSON.stringify(c.statusDetails))}::jsonb[],
            ${column((c) => c.stepTimeoutAt === 'keep')}::boolean[],
            ${column((c) => (c.stepTimeoutAt instanceof Date ? c.stepTimeoutAt.toISOString() : null))}::timestamptz[],
            ${column((c) => c.reason?.code ?? null)}::text[], ${column((c) => c.reason?.detail ?? null)}::text[])
            as v(job_id, device_id, execution_number, expected, status, details, keep_step, step_at, reason_code, reason_detail)
        ), heads as (
          select h.job_id, h.device_id, h.execution_number from (select distinct device_id from v) devices_of
          cross join lateral (select e.job_id, e.device_id, e.execution_number from job_executions e
            where e.device_id = devices_of.device_id and ${PENDING} order by ${PENDING_ORDER} limit 1) h
        ), saved as (
          update job_executions e set status = v.status, status_details = v.details,
            version_number = e.version_number + 1, last_updated_at = now(),
            step_timeout_at = case when v.keep_step then e.step_timeout_at else v.step_at end,
            reason_code = v.reason_code, reason_detail = v.reason_detail
          from v, devices d
          where e.job_id = v.job_id and e.device_id = v.device_id and d.id = e.device_id and e.status = 'IN_PROGRESS'
            and e.execution_number = coalesce(v.execution_number, (select max(x.execution_number) from job_executions x
              where x.job_id = v.job_id and x.device_id = v.device_id))
            and (v.expected is null or e.version_number = v.expected)
          returning ${EXECUTION_COLUMNS}
        ), completed as (
          update jobs j set status = 'COMPLETED', completed_at = now()
          where j.job_id in (select "jobId" from saved) and j.status = 'IN_PROGRESS'
            and not exists (select 1 from job_executions e join devices d on d.id = e.device_id
              where e.job_id = j.job_id and ${PENDING}
                and (e.job_id, e.device_id, e.execution_number) not in
                  (select "jobId", "deviceId", "executionNumber" from saved))
        )
        select saved.*, exists (select 1 from heads h where h.job_id = saved."jobId"
          and h.device_id = saved."deviceId" and h.execution_number = saved."executionNumber") as "wasHead"
        from saved`,
      )
      return inOrderOf(changes, saved)
    },

    /**
     * COMPLETED for every job still IN_PROGRESS with nothing pending: those whose last executions
     * ended in two statements at once (`saveOutcomes`). Returns how many.
     */
    async completeFinishedJobs(): Promise<number> {
      const completed = await db.execute(sql`update jobs j set status = 'COMPLETED', completed_at = now()
        where j.status = 'IN_PROGRESS' and not exists (select 1 from job_executions e join devices d on d.id = e.device_id
          where e.job_id = j.job_id and ${PENDING})`)
      return completed.rowCount ?? 0
    },

    /**
     * Moves running executions whose deadline has passed to TIMED_OUT, at most `limit` of them.
     * Rows another instance is changing are skipped (SKIP LOCKED): it will finish them, or a
     * later sweep will.
     */
    async timeOutExpired(limit: number): Promise<ExecutionRow[]> {
      return rows(
        db,
        sql`with due as (
          select job_id, device_id, execution_number from job_executions
          where job_id is not null and status = 'IN_PROGRESS'
            and (in_progress_timeout_at <= now() or step_timeout_at <= now())
          limit ${limit} for update skip locked
        )
        update job_executions e set status = 'TIMED_OUT', version_number = e.version_number + 1,
          last_updated_at = now(), reason_code = 'timeout'
        from due, devices d
        where e.job_id = due.job_id and e.device_id = due.device_id
          and e.execution_number = due.execution_number and d.id = e.device_id
        returning ${EXECUTION_COLUMNS}`,
      )
    },

    /**
     * Marks a job CANCELED, and its queued executions (running ones too with `force`); returns
     * them with the status each had.
     */
    async cancel(
      jobId: string,
      force: boolean,
    ): Promise<{
      canceled: boolean
      executions: Array<{ row: ExecutionRow; was: 'QUEUED' | 'IN_PROGRESS' }>
    }> {
      const job = await db.execute(
        sql`update jobs set status = 'CANCELED', completed_at = now()
          where job_id = ${jobId} and status = 'IN_PROGRESS' returning job_id`,
      )
      if (job.rows.length === 0) return { canceled: false, executions: [] }
      const cancelFrom = async (was: 'QUEUED' | 'IN_PROGRESS') =>
        (
          await rows<ExecutionRow>(
            db,
            sql`update job_executions e set status = 'CANCELED', version_number = e.version_number + 1,
            last_updated_at = now()
          from devices d
          where d.id = e.device_id and e.job_id = ${jobId} and e.status = ${was}
          returning ${EXECUTION_COLUMNS}`,
          )
        ).map((row) => ({ row, was }))
      const executions = await cancelFrom('QUEUED')
      if (force) executions.push(...(await cancelFrom('IN_PROGRESS')))
      return { canceled: true, executions }
    },

    /**
     * Marks a job COMPLETED once none of its executions is pending (on a device that still
     * exists: a removed device's execution is nobody's to finish).
     */
    async completeIfDone(jobId: string): Promise<void> {
      await db.execute(sql`update jobs set status = 'COMPLETED', completed_at = now()
        where job_id = ${jobId} and status = 'IN_PROGRESS'
          and not exists (select 1 from job_executions e join devices d on d.id = e.device_id
            where e.job_id = ${jobId} and ${PENDING})`)
    },

    /** Every execution of a job, by device. */
    async executionsOfJob(jobId: string): Promise<ExecutionRow[]> {
      return rows(
        db,
        sql`select ${EXECUTION_COLUMNS} from job_executions e join devices d on d.id = e.device_id
        where e.job_id = ${jobId} order by e.device_id, e.execution_number`,
      )
    },

    /** The latest execution of each device in these jobs (an upgrade order reads its devices' progress). */
    async latestExecutionsOfJobs(jobIds: string[]): Promise<ExecutionRow[]> {
      if (jobIds.length === 0) return []
      return rows(
        db,
        sql`select distinct on (e.job_id, e.device_id) ${EXECUTION_COLUMNS}
        from job_executions e join devices d on d.id = e.device_id
        where e.job_id = any(${sql.param(jobIds)}::text[])
        order by e.job_id, e.device_id, e.execution_number desc`,
      )
    },
  }
}
