import {
  type DescribeJobRequest,
  describeJobRequest,
  isJsonObject,
  JOB_ID_PATTERN,
  type JobExecutionState,
  type JobsErrorCode,
  NEXT_JOB_ID,
  pendingJobsRequest,
  readDevicePayload,
  type StartNextJobRequest,
  startNextJobRequest,
  type UpdateJobRequest,
  updateJobRequest,
} from '@canopy/shared/protocol'
import type { z } from 'zod'
import { tokenOfUnreadable, usableToken } from '../client-token'
import type { RefusalReason } from '../device-refusals'

/**
 * Reading a device's Jobs request, with AWS's ErrorResponse code for each way it can be wrong
 * (docs/protocol.md, "Long operations"). A refusal carries the request's clientToken whenever the
 * payload is JSON with a usable one, however wrong the rest is.
 */

/** Larger than any valid request (10 statusDetails pairs of 128 + 1024 characters, and the rest). */
export const JOB_REQUEST_MAX_BYTES = 16 * 1024

/**
 * A request the Jobs service refuses, with its AWS code, the execution's state where AWS gives it
 * (VersionMismatch, InvalidStateTransition), and when the device is at fault, the reason it is
 * counted under (a ResourceNotFound or a VersionMismatch is an answer, not a fault).
 */
export class JobsRefusal extends Error {
  constructor(
    readonly code: JobsErrorCode,
    message: string,
    readonly clientToken?: string,
    readonly reason?: RefusalReason,
    readonly executionState?: JobExecutionState,
  ) {
    super(message)
  }
}

const MESSAGES = {
  invalidJson: 'The contents of the request could not be interpreted as valid UTF-8-encoded JSON',
  invalidNode: 'The request contains a NUL, a lone surrogate or nesting too deep',
  tooLarge: `The request exceeds the maximum size allowed (${JOB_REQUEST_MAX_BYTES} bytes)`,
  invalidClientToken: 'clientToken must be a string of 1 to 64 bytes',
} as const

export interface TokenRequest {
  clientToken?: string | undefined
}

/** `…/jobs/get`. */
export const readPendingRequest = (payload: Buffer): TokenRequest =>
  read(payload, pendingJobsRequest) as TokenRequest

/** `…/jobs/start-next`. */
export const readStartNextRequest = (payload: Buffer): StartNextJobRequest & TokenRequest =>
  read(payload, startNextJobRequest)

/** `…/jobs/{jobId}/get`. */
export const readDescribeRequest = (payload: Buffer): DescribeJobRequest & TokenRequest =>
  read(payload, describeJobRequest)

/** `…/jobs/{jobId}/update`. */
export const readUpdateRequest = (payload: Buffer): UpdateJobRequest & TokenRequest =>
  read(payload, updateJobRequest)

/**
 * The job id of a request topic's `{jobId}` level: a job id, or `$next` where `get` allows it.
 * Anything else names no API (InvalidTopic).
 */
export function jobIdOf(level: string, nextAllowed: boolean, payload: Buffer): string {
  if (JOB_ID_PATTERN.test(level) || (nextAllowed && level === NEXT_JOB_ID)) return level
  throw new JobsRefusal(
    'InvalidTopic',
    'The request was sent to a topic that does not map to any API',
    tokenOfUnreadable(payload),
    'malformed',
  )
}

function read<T extends z.ZodType>(payload: Buffer, schema: T): z.infer<T> & TokenRequest {
  const read = readDevicePayload(payload)
  if (!read.ok) {
    if (read.problem === 'encoding' || read.problem === 'json')
      throw new JobsRefusal('InvalidJson', MESSAGES.invalidJson, undefined, 'malformed')
    // Unstorable, yet JSON: its token may still be found and echoed.
    throw new JobsRefusal('InvalidRequest', MESSAGES.invalidNode, tokenOfUnreadable(payload), 'unstorable')
  }
  // Empty: a request with nothing to say (`get`, `start-next`); `update` then lacks its status.
  const body = read.value === undefined ? {} : read.value
  if (!isJsonObject(body)) throw new JobsRefusal('InvalidJson', MESSAGES.invalidJson, undefined, 'malformed')
  const clientToken = usableToken(body)
  if (payload.length > JOB_REQUEST_MAX_BYTES)
    throw new JobsRefusal('InvalidRequest', MESSAGES.tooLarge, clientToken, 'too-large')
  if ('clientToken' in body && clientToken === undefined)
    throw new JobsRefusal('InvalidRequest', MESSAGES.invalidClientToken, undefined, 'malformed')
  const parsed = schema.safeParse(body)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const field = issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
    throw new JobsRefusal('InvalidRequest', `${field}${issue.message}`, clientToken, 'malformed')
  }
  return { ...(parsed.data as object), ...(clientToken ? { clientToken } : {}) } as z.infer<T> & TokenRequest
}
