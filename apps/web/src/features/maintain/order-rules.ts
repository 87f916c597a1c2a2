import { ErrorCode, errorCatalogue } from '@canopy/shared/errors'
import type { OrderDevice, OrderStatus } from './api'

/** §4: records in preparation (scheduled) or upgrading (running) cannot be deleted. */
export function deleteRefusal(status: OrderStatus): string | undefined {
  return status === 'scheduled' || status === 'running'
    ? errorCatalogue[ErrorCode.UPGRADE_RECORD_BUSY].key
    : undefined
}

/** Cancel stops what has not started: only an order that still has something to start. */
export function canCancel(status: OrderStatus): boolean {
  return status === 'scheduled' || status === 'running'
}

const MAX_RETRIES_KEY = errorCatalogue[ErrorCode.UPGRADE_MAX_RETRIES].key

/** Why this device cannot be sent again, or undefined: §4 only a failed command, up to the cap. */
export function deviceRetryRefusal(device: Pick<OrderDevice, 'upgrade_result' | 'retries' | 'max_retries'>) {
  if (device.upgrade_result !== 'failed') return 'maintain.detail.noFailedReason'
  if (device.retries >= device.max_retries) return MAX_RETRIES_KEY
  return undefined
}

/**
 * Why "retry failed" is refused now, from the server's summary of the whole order (not the page
 * shown): no failed device, or every failed one at the cap.
 */
export function retryFailedRefusal(summary: { failed: number; retriable: number }): string | undefined {
  if (summary.failed === 0) return 'maintain.detail.noFailedReason'
  return summary.retriable === 0 ? MAX_RETRIES_KEY : undefined
}

const KNOWN_REASONS = new Set([
  'download_failed',
  'checksum_mismatch',
  'flash_failed',
  'model_mismatch',
  'refused',
  'old_version',
  'timeout',
  'offline',
  'canceled',
  'aborted',
  'expired',
  'failed',
])

/** A failure reason as data → the key that says it (an unknown one is shown as it came). */
export function reasonKey(reason: string): { key: string; reason?: string } {
  return KNOWN_REASONS.has(reason)
    ? { key: `maintain.detail.reasons.${reason}` }
    : { key: 'maintain.detail.reasons.unknown', reason }
}
