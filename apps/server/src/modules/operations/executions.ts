import { ErrorCode } from '@canopy/shared/errors'
import { isTerminalJobStatus, JOB_STATUSES, type JobExecutionStatus } from '@canopy/shared/protocol'
import type { OperationResult, ProgressStatus } from '@canopy/shared/validation'
import { AppError } from '../../http/app-error'

/**
 * The one state machine of per-device work (docs/ARCHITECTURE.md, "Executions"): AWS IoT Jobs'
 * execution statuses for every operation, whichever way its work reaches the device.
 *
 *   QUEUED ──► IN_PROGRESS ──► SUCCEEDED | FAILED | REJECTED | TIMED_OUT
 *     │             └────────► CANCELED | REMOVED
 *     └──► SUCCEEDED | FAILED | REJECTED | CANCELED | REMOVED
 *
 * A terminal status never changes again; TIMED_OUT only ends a running execution.
 */
export type ExecutionStatus = JobExecutionStatus

/** How the work reaches the device: the Jobs MQTT API, the shadow's desired state, or an RPC command. */
export const EXECUTION_CHANNELS = ['jobs', 'shadow', 'rpc'] as const
export type ExecutionChannel = (typeof EXECUTION_CHANNELS)[number]

export const PENDING_STATUSES = ['QUEUED', 'IN_PROGRESS'] as const satisfies readonly ExecutionStatus[]

/** Whether an execution may move from `from` to `to` (a status may be restated while pending). */
export function mayMove(from: ExecutionStatus, to: ExecutionStatus): boolean {
  if (isTerminalJobStatus(from)) return false
  if (to === 'QUEUED') return from === 'QUEUED'
  if (to === 'TIMED_OUT') return from === 'IN_PROGRESS'
  return true
}

/**
 * Why an execution did not succeed, as data: a code, and what only the case knows (the device's
 * own words, the §8 code met). The codes:
 * - device_refused: the device refused a settings change (detail: its reason)
 * - superseded: a later change of the same settings replaced it before the device confirmed
 * - not_answering, unsupported: an RPC command timed out, or the device lacks the function
 * - server_error: the server met an error (detail: its §8 code)
 * - timeout: a job's execution timed out
 * - and a job's own reasons from its statusDetails (e.g. download_failed, checksum_mismatch)
 */
export interface FailureReason {
  code: string
  detail?: string
}

export const REASON_CODE = /^[a-z][a-z0-9_]{0,63}$/

/** The §8 code each of the server's reasons stands for (the console translates it). */
const REASON_ERROR_CODES: Readonly<Record<string, number>> = {
  superseded: ErrorCode.CHANGE_SUPERSEDED,
  not_answering: ErrorCode.DEVICE_NOT_ANSWERING,
  unsupported: ErrorCode.UNSUPPORTED_FEATURE,
}

/** The reason an error gives a failed command. */
export function reasonOfError(error: unknown): FailureReason {
  const code = error instanceof AppError ? error.codes[0] : undefined
  if (code === ErrorCode.DEVICE_NOT_ANSWERING) return { code: 'not_answering' }
  if (code === ErrorCode.UNSUPPORTED_FEATURE) return { code: 'unsupported' }
  return { code: 'server_error', detail: String(code ?? ErrorCode.SERVER_ERROR) }
}

/**
 * A reason as the console's progress shows it (unchanged since before executions): a §8 code as
 * digits, which it translates, or the device's own words.
 */
export function reasonText(code: string | null, detail: string | null): string | null {
  if (code === null) return null
  const errorCode = REASON_ERROR_CODES[code]
  if (errorCode !== undefined) return String(errorCode)
  return detail ?? code
}

/** A device's progress as the console reads it: pending (offline, waiting), applying, success, failed. */
export function progressStatusOf(status: ExecutionStatus): ProgressStatus {
  if (status === 'QUEUED') return 'pending'
  if (status === 'IN_PROGRESS') return 'applying'
  return status === 'SUCCEEDED' ? 'success' : 'failed'
}

/** The execution statuses a progress status stands for (the reverse of `progressStatusOf`). */
export function executionStatusesOf(progress: ProgressStatus): ExecutionStatus[] {
  return JOB_STATUSES.filter((status) => progressStatusOf(status) === progress)
}

/**
 * An operation's result over some of its executions: pending while any is, else success, failed
 * or partial (the same rule the log's SQL applies: see executions.repository.ts).
 */
export function resultOf(statuses: readonly ExecutionStatus[]): OperationResult {
  if (statuses.some((status) => !isTerminalJobStatus(status))) return 'pending'
  if (statuses.every((status) => status === 'SUCCEEDED')) return 'success'
  if (statuses.every((status) => status !== 'SUCCEEDED')) return 'failed'
  return 'partial'
}
