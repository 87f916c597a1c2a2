import {
  isJsonObject,
  JOB_DOCUMENT_MAX_BYTES,
  type JobExecution,
  type JobExecutionState,
  type JobExecutionSummary,
  type JsonObject,
  unstorableIn,
} from '@canopy/shared/protocol'
import type { ExecutionRow } from './jobs.repository'

/** The AWS Jobs documents built from stored executions (times in seconds since the epoch). */

export const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000)
export const nowSeconds = (): number => epochSeconds(new Date())

/** The execution as `start-next`, `{jobId}/get` and `notify-next` carry it. */
export function executionDocument(row: ExecutionRow, jobDocument?: JsonObject): JobExecution {
  const deadline = deadlineOf(row)
  return {
    jobId: row.jobId,
    thingName: row.thing,
    ...(jobDocument ? { jobDocument } : {}),
    status: row.status,
    statusDetails: row.statusDetails,
    queuedAt: epochSeconds(row.queuedAt),
    ...(row.startedAt ? { startedAt: epochSeconds(row.startedAt) } : {}),
    lastUpdatedAt: epochSeconds(row.lastUpdatedAt),
    versionNumber: row.versionNumber,
    executionNumber: row.executionNumber,
    ...(deadline
      ? { approximateSecondsBeforeTimedOut: Math.max(0, Math.ceil((deadline.getTime() - Date.now()) / 1000)) }
      : {}),
  }
}

export function executionSummary(row: ExecutionRow): JobExecutionSummary {
  return {
    jobId: row.jobId,
    queuedAt: epochSeconds(row.queuedAt),
    ...(row.startedAt ? { startedAt: epochSeconds(row.startedAt) } : {}),
    lastUpdatedAt: epochSeconds(row.lastUpdatedAt),
    versionNumber: row.versionNumber,
    executionNumber: row.executionNumber,
  }
}

export function executionState(row: ExecutionRow): JobExecutionState {
  return { status: row.status, statusDetails: row.statusDetails, versionNumber: row.versionNumber }
}

/** `notify`: the pending executions by status, IN_PROGRESS first (AWS's ListNotification). */
export function pendingList(pending: ExecutionRow[]) {
  const jobs: { IN_PROGRESS?: JobExecutionSummary[]; QUEUED?: JobExecutionSummary[] } = {}
  for (const row of pending) {
    if (row.status !== 'IN_PROGRESS' && row.status !== 'QUEUED') continue
    const list = jobs[row.status] ?? []
    list.push(executionSummary(row))
    jobs[row.status] = list
  }
  return { timestamp: nowSeconds(), jobs }
}

/** When a running execution times out: the earlier of its two timers. */
export function deadlineOf(row: ExecutionRow): Date | undefined {
  if (row.status !== 'IN_PROGRESS') return undefined
  const timers = [row.inProgressTimeoutAt, row.stepTimeoutAt].filter((at): at is Date => at !== null)
  return timers.length > 0 ? new Date(Math.min(...timers.map((at) => at.getTime()))) : undefined
}

/** Whether `a` comes before `b` in a device's queue (IN_PROGRESS first, then by the time queued). */
export function queuedBefore(a: ExecutionRow, b: ExecutionRow): boolean {
  const running = (row: ExecutionRow) => (row.status === 'IN_PROGRESS' ? 0 : 1)
  const keys = (row: ExecutionRow) =>
    [running(row), row.queuedAt.getTime(), row.jobId, row.executionNumber] as const
  const [ka, kb] = [keys(a), keys(b)]
  for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! < kb[i]!
  return false
}

export const sameExecution = (a: ExecutionRow | undefined, b: ExecutionRow | undefined): boolean =>
  a?.jobId === b?.jobId && a?.executionNumber === b?.executionNumber

/** Why a job document cannot be sent to devices, or undefined when it can. */
export function jobDocumentProblem(document: unknown): string | undefined {
  if (!isJsonObject(document)) return 'a job document is a JSON object'
  if (typeof document.operation !== 'string' || !/^[a-z][a-z0-9-]{0,63}$/.test(document.operation))
    return 'a job document names its `operation` (lower-case letters, digits and -)'
  if (unstorableIn(document)) return 'a job document holds a NUL, a lone surrogate or nesting too deep'
  if (Buffer.byteLength(JSON.stringify(document)) > JOB_DOCUMENT_MAX_BYTES)
    return `a job document is at most ${JOB_DOCUMENT_MAX_BYTES} bytes`
  return undefined
}

const PRESIGNED = /^\$\{canopy:presigned:([a-z][a-z0-9-]{0,31}):([1-9]\d{0,9})\}$/

/** A placeholder for a link the cloud signs for each device as it sends the document. */
export const presignedPlaceholder = (kind: string, id: number): string => `\${canopy:presigned:${kind}:${id}}`

/** The document with each presigned placeholder replaced by `sign`'s link (kept when it has none). */
export function fillPresigned(
  document: JsonObject,
  sign: (kind: string, id: number) => string | undefined,
): JsonObject {
  const filled: JsonObject = {}
  for (const [key, value] of Object.entries(document)) {
    const match = typeof value === 'string' ? PRESIGNED.exec(value) : null
    filled[key] = match
      ? (sign(match[1]!, Number(match[2])) ?? (value as string))
      : isJsonObject(value)
        ? fillPresigned(value, sign)
        : value
  }
  return filled
}
