import { z } from 'zod'
import { storable } from './device-json'
import type { JsonObject } from './shadow'

/**
 * The AWS IoT Jobs MQTT API's documents and rules, verbatim where they matter to devices
 * (docs/protocol.md, "Long operations"; AWS IoT "Jobs device MQTT API operations"). Times are
 * seconds since the epoch, as AWS sends them.
 */

export const JOB_STATUSES = [
  'QUEUED',
  'IN_PROGRESS',
  'SUCCEEDED',
  'FAILED',
  'TIMED_OUT',
  'REJECTED',
  'REMOVED',
  'CANCELED',
] as const
export type JobExecutionStatus = (typeof JOB_STATUSES)[number]

/** Final: an execution in one of these never changes again. */
export const TERMINAL_JOB_STATUSES: ReadonlySet<JobExecutionStatus> = new Set([
  'SUCCEEDED',
  'FAILED',
  'TIMED_OUT',
  'REJECTED',
  'REMOVED',
  'CANCELED',
])

export const isTerminalJobStatus = (status: JobExecutionStatus): boolean => TERMINAL_JOB_STATUSES.has(status)

/** What a device may set in `{jobId}/update` (the rest are the cloud's to set). */
export const DEVICE_JOB_STATUSES = ['IN_PROGRESS', 'SUCCEEDED', 'FAILED', 'REJECTED'] as const

/** AWS's limit on a job document. */
export const JOB_DOCUMENT_MAX_BYTES = 32 * 1024
/** `statusDetails`: at most this many pairs, AWS's key and value rules. */
export const STATUS_DETAILS_MAX_ENTRIES = 10
const STATUS_DETAILS_KEY = /^[a-zA-Z0-9:_-]{1,128}$/
/** 1 to 1024 characters, none of them a control or unassigned code point (AWS: `[^\p{C}]+`). */
const STATUS_DETAILS_VALUE = /^[^\p{C}]{1,1024}$/u
/** A step timeout: 1 minute to 7 days; -1 cancels the step timer set earlier. */
export const STEP_TIMEOUT_MINUTES = { min: 1, max: 10_080, cancel: -1 } as const
/** How many pending executions `notify` lists (AWS: 15); `get/accepted` lists at most GET_PENDING_MAX. */
export const NOTIFY_PENDING_MAX = 15
export const GET_PENDING_MAX = 100

const INT32_MAX = 2_147_483_647

/** A job's id (AWS: 1 to 64 of `[a-zA-Z0-9_-]`); `$next` names the next pending execution in `get`. */
export const JOB_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/
export const NEXT_JOB_ID = '$next'

export const statusDetailsSchema = z
  .record(
    z.string().regex(STATUS_DETAILS_KEY, 'statusDetails keys are 1 to 128 of a-z A-Z 0-9 : _ -'),
    z
      .string()
      .regex(STATUS_DETAILS_VALUE, 'statusDetails values are strings of 1 to 1024 printable characters'),
  )
  .refine((details) => Object.keys(details).length <= STATUS_DETAILS_MAX_ENTRIES, {
    message: `statusDetails holds at most ${STATUS_DETAILS_MAX_ENTRIES} pairs`,
  })
export type StatusDetails = z.infer<typeof statusDetailsSchema>

const stepTimeout = z
  .number()
  .int()
  .refine(
    (minutes) =>
      minutes === STEP_TIMEOUT_MINUTES.cancel ||
      (minutes >= STEP_TIMEOUT_MINUTES.min && minutes <= STEP_TIMEOUT_MINUTES.max),
    { message: 'stepTimeoutInMinutes is 1 to 10080, or -1 to cancel the step timer' },
  )
const version = z.number().int().min(0).max(INT32_MAX)

// The AWS SDKs send `thingName` and `jobId` in the payload too: fields not named here are ignored.

/** `…/jobs/get`: `{clientToken?}` or nothing. */
export const pendingJobsRequest = storable(z.object({}))

/** `…/jobs/start-next`. */
export const startNextJobRequest = storable(
  z.object({ statusDetails: statusDetailsSchema.optional(), stepTimeoutInMinutes: stepTimeout.optional() }),
)
export type StartNextJobRequest = z.infer<typeof startNextJobRequest>

/** `…/jobs/{jobId}/get` (jobId may be `$next`). */
export const describeJobRequest = storable(
  z.object({ executionNumber: version.optional(), includeJobDocument: z.boolean().optional() }),
)
export type DescribeJobRequest = z.infer<typeof describeJobRequest>

/** `…/jobs/{jobId}/update`: `status` on every update. */
export const updateJobRequest = storable(
  z.object({
    status: z.enum(DEVICE_JOB_STATUSES, {
      error: 'status is one of IN_PROGRESS, SUCCEEDED, FAILED, REJECTED',
    }),
    statusDetails: statusDetailsSchema.optional(),
    expectedVersion: version.optional(),
    executionNumber: version.optional(),
    includeJobExecutionState: z.boolean().optional(),
    includeJobDocument: z.boolean().optional(),
    stepTimeoutInMinutes: stepTimeout.optional(),
  }),
)
export type UpdateJobRequest = z.infer<typeof updateJobRequest>

/** A job execution as `start-next`, `{jobId}/get` and `notify-next` carry it. */
export interface JobExecution {
  jobId: string
  thingName: string
  jobDocument?: JsonObject
  status: JobExecutionStatus
  statusDetails: StatusDetails
  queuedAt: number
  startedAt?: number
  lastUpdatedAt: number
  versionNumber: number
  executionNumber: number
  /** while IN_PROGRESS with a timer running: seconds until it times out (the sweep may be later) */
  approximateSecondsBeforeTimedOut?: number
}

/** One pending execution in `notify` and `get/accepted`. */
export interface JobExecutionSummary {
  jobId: string
  queuedAt: number
  startedAt?: number
  lastUpdatedAt: number
  versionNumber: number
  executionNumber: number
}

/** What a rejected update (VersionMismatch, InvalidStateTransition) tells of the execution. */
export interface JobExecutionState {
  status: JobExecutionStatus
  statusDetails: StatusDetails
  versionNumber: number
}

export const JOBS_ERROR_CODES = [
  'InvalidTopic',
  'InvalidJson',
  'InvalidRequest',
  'InvalidStateTransition',
  'ResourceNotFound',
  'VersionMismatch',
  'InternalError',
  'RequestThrottled',
  'TerminalStateReached',
] as const
export type JobsErrorCode = (typeof JOBS_ERROR_CODES)[number]

/** AWS's ErrorResponse, on the request's `rejected` topic. */
export interface JobsErrorResponse {
  code: JobsErrorCode
  message: string
  clientToken?: string
  timestamp: number
  executionState?: JobExecutionState
}
