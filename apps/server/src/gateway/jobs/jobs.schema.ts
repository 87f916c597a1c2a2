import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { accounts, tenants } from '../../modules/accounts/accounts.schema'
import { operationLogs } from '../../modules/operations/operations.schema'

/**
 * AWS IoT Jobs (long operations: firmware upgrade, config backup and restore, log upload,
 * neighbour scan). A job is one operation of the log; each device runs an execution of it,
 * reported through the Jobs MQTT API; fine-grained phases travel in statusDetails.
 */
export const jobs = pgTable(
  'jobs',
  {
    jobId: text('job_id').primaryKey(),
    /** the operation the job is (who, what), whose executions are the job's */
    operationId: integer('operation_id')
      .notNull()
      .references(() => operationLogs.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** upgrade, backup, restore, log, scan */
    operation: text('operation').notNull(),
    /** the job document devices receive */
    document: jsonb('document').notNull(),
    /** IN_PROGRESS, CANCELED, DELETION_IN_PROGRESS, COMPLETED, SCHEDULED */
    status: text('status').notNull(),
    /** rollout rate, abort criteria, timeout, retries, modelled on AWS IoT Jobs */
    executionPolicy: jsonb('execution_policy').notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('jobs_tenant_created_idx').on(t.tenantId, t.createdAt)],
)

/**
 * The one table of per-device work (docs/ARCHITECTURE.md, "Executions"): every operation — a
 * settings change, a command, a job — has one execution per device, with AWS IoT Jobs' states
 * (QUEUED → IN_PROGRESS → SUCCEEDED | FAILED | TIMED_OUT | REJECTED | REMOVED | CANCELED), its
 * failure reason as data, and the channel the work reaches the device by. The operation log and a
 * batch's progress read it; the Jobs MQTT API shows a device only its `jobs` executions.
 */
export const jobExecutions = pgTable(
  'job_executions',
  {
    operationId: integer('operation_id')
      .notNull()
      .references(() => operationLogs.id, { onDelete: 'cascade' }),
    /** the AWS job, for executions of the `jobs` channel */
    jobId: text('job_id').references(() => jobs.jobId, { onDelete: 'cascade' }),
    // No foreign key: the log outlives the devices it names (its MAC says which); the Jobs API
    // joins the devices, so a removed device's executions are nobody's.
    deviceId: integer('device_id').notNull(),
    mac: text('mac').notNull(),
    /** how the work reaches the device: jobs (AWS Jobs MQTT API), shadow (desired state), rpc (a command) */
    channel: text('channel').notNull(),
    executionNumber: integer('execution_number').notNull(),
    /** QUEUED, IN_PROGRESS, SUCCEEDED, FAILED, TIMED_OUT, REJECTED, REMOVED, CANCELED */
    status: text('status').notNull(),
    statusDetails: jsonb('status_details').notNull(),
    /** why it did not succeed, as data: a code (e.g. device_refused, superseded, not_answering) */
    reasonCode: text('reason_code'),
    /** the reason's particulars: the device's own words, an error code */
    reasonDetail: text('reason_detail'),
    versionNumber: integer('version_number').notNull(),
    retryAttempt: integer('retry_attempt').notNull().default(0),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    lastUpdatedAt: timestamp('last_updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** when an IN_PROGRESS execution times out: the job's in-progress timeout, from its start */
    inProgressTimeoutAt: timestamp('in_progress_timeout_at', { withTimezone: true }),
    /** when an IN_PROGRESS execution times out: the device's step timeout, from its last update */
    stepTimeoutAt: timestamp('step_timeout_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.operationId, t.deviceId, t.executionNumber] }),
    uniqueIndex('job_executions_job_device_idx')
      .on(t.jobId, t.deviceId, t.executionNumber)
      .where(sql`${t.jobId} is not null`),
    index('job_executions_device_status_idx').on(t.deviceId, t.status),
    // The timeout sweep reads only running executions with a timer, whichever timer it is.
    index('job_executions_in_progress_timeout_idx')
      .on(t.inProgressTimeoutAt)
      .where(sql`${t.status} = 'IN_PROGRESS' and ${t.inProgressTimeoutAt} is not null`),
    index('job_executions_step_timeout_idx')
      .on(t.stepTimeoutAt)
      .where(sql`${t.status} = 'IN_PROGRESS' and ${t.stepTimeoutAt} is not null`),
    // Whether a job still has work pending, without reading its finished executions.
    index('job_executions_pending_idx').on(t.jobId).where(sql`${t.status} in ('QUEUED', 'IN_PROGRESS')`),
  ],
)
