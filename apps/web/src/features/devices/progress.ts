import { describeError } from '@canopy/shared/errors'

/** A device's outcome in the operations log (operation-log.ts). */
export type TargetStatus = 'pending' | 'applying' | 'success' | 'failed'

export interface OperationTarget {
  device_id: number
  mac: string
  status: TargetStatus
  /** an error code the server met (e.g. "600400124"), or the device's own words */
  reason: string | null
  updated_at: string
}

/** GET backend/device/operation. */
export interface OperationProgress {
  id: number
  action: string
  result: string
  created_at: string
  targets: OperationTarget[]
}

export interface ProgressSummary {
  total: number
  succeeded: number
  failed: number
  /** offline devices whose change waits in their shadow */
  waiting: number
  settled: number
}

export function summarize(targets: readonly Pick<OperationTarget, 'status'>[]): ProgressSummary {
  const count = (status: TargetStatus) => targets.filter((target) => target.status === status).length
  const succeeded = count('success')
  const failed = count('failed')
  return { total: targets.length, succeeded, failed, waiting: count('pending'), settled: succeeded + failed }
}

/** Every device has succeeded or failed: nothing left to poll for. */
export function isSettled(progress: { targets: readonly Pick<OperationTarget, 'status'>[] }): boolean {
  const { total, settled } = summarize(progress.targets)
  return settled === total
}

/**
 * The i18n key of a failure's reason when the server recorded one of its error codes; undefined
 * when the reason is the device's own text, shown as it came.
 */
export function reasonKey(reason: string): string | undefined {
  return /^\d+$/.test(reason) ? describeError(Number(reason))?.key : undefined
}
