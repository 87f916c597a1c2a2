import { describeError } from '@canopy/shared/errors'
import type { ProgressStatus } from '@canopy/shared/validation'
import { translateKey } from '../../shared/i18n/i18n'

/** A device's outcome in the operations log (operation-log.ts). */
export type TargetStatus = ProgressStatus

export interface OperationTarget {
  device_id: number
  mac: string
  status: TargetStatus
  /** an error code the server met (e.g. "600400124"), or the device's own words */
  reason: string | null
  updated_at: string
}

/** How many devices are in each status (pending: offline, its change waiting for it). */
export type ProgressCounts = { total: number } & Record<TargetStatus, number>

/** GET backend/device/operation: the counts, and the devices asked for (a page, or all). */
export interface OperationProgress {
  id: number
  action: string
  result: string
  created_at: string
  summary: ProgressCounts
  /** the devices in the status asked for (all without one): the pages' total */
  matching: number
  targets: OperationTarget[]
}

/** Every device has succeeded or failed: nothing left to poll for. */
export function isSettled(progress: { summary: ProgressCounts }): boolean {
  return progress.summary.pending + progress.summary.applying === 0
}

/**
 * The i18n key of a failure's reason when the server recorded one of its error codes; undefined
 * when the reason is the device's own text, shown as it came.
 */
export function reasonKey(reason: string): string | undefined {
  return /^\d+$/.test(reason) ? describeError(Number(reason))?.key : undefined
}

/** A code the server recorded is translated; the device's own words are shown as they came. */
export function reasonText(reason: string): string {
  const key = reasonKey(reason)
  return key ? translateKey(key) : reason
}
