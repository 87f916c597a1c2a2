import type { UpgradeCreateRequest } from '@canopy/shared/validation'

/** An order's rollout options as stored (upgrade_orders.options), the request's names kept. */
export interface UpgradeOptions {
  canary?: { devices?: number; percent?: number }
  ratePerMinute?: number
  concurrency?: number
  abort?: { failurePercent: number; minFinished: number }
  waitOffline: boolean
}

/** Without a window end an order closes this long after it starts (docs/decisions.md). */
export const DEFAULT_WINDOW_MS = 24 * 3_600_000
/** An upgrade execution not finished this long after it started times out (reason timeout). */
export const UPGRADE_TIMEOUT_MINUTES = 30

export function optionsOf(request: UpgradeCreateRequest): UpgradeOptions {
  return {
    ...(request.canary ? { canary: request.canary } : {}),
    ...(request.ratePerMinute ? { ratePerMinute: request.ratePerMinute } : {}),
    ...(request.concurrency ? { concurrency: request.concurrency } : {}),
    ...(request.abort ? { abort: request.abort } : {}),
    waitOffline: request.waitOffline ?? false,
  }
}

/** How many of `total` devices make the canary wave: N devices, or X % rounded up (at least one). */
export function canarySize(options: UpgradeOptions, total: number): number {
  const canary = options.canary
  if (!canary) return 0
  const size = canary.devices ?? Math.ceil(((canary.percent ?? 0) * total) / 100)
  return Math.min(total, Math.max(1, size))
}

/** Whether the failures so far abort the order: above X % once at least N devices finished. */
export function abortsAt(options: UpgradeOptions, counts: { success: number; failed: number }): boolean {
  const abort = options.abort
  if (!abort) return false
  const finished = counts.success + counts.failed
  return finished >= abort.minFinished && (counts.failed * 100) / finished > abort.failurePercent
}

/**
 * How many devices may be sent now: the order's concurrency and rate per minute, and the server's
 * own ceiling on devices sent and not finished, whichever is tightest. The ceiling is the server
 * pacing itself, not a rollout option: 10,000 devices told at once all ask at once, the device
 * messages' queue refuses most of them, and their back-offs (up to 48 s) leave it idle later
 * (docs/decisions.md, "The 10,000-device campaign").
 */
export function releaseBudget(
  options: UpgradeOptions,
  counts: { inFlight: number; releasedLastMinute: number },
  serverMaxInFlight = Infinity,
): number {
  const byConcurrency = Math.min(options.concurrency ?? Infinity, serverMaxInFlight) - counts.inFlight
  const byRate =
    options.ratePerMinute === undefined ? Infinity : options.ratePerMinute - counts.releasedLastMinute
  return Math.max(0, Math.min(byConcurrency, byRate))
}
