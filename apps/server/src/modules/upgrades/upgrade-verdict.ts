import { UPGRADE_DEVICE_REASONS } from '@canopy/shared/protocol'

/**
 * How an upgrade order reads its devices' executions (issue 13, docs/decisions.md "Upgrades"):
 * the §4 upgrade result, command result and download phase, and the verdict of an ended one. The
 * server is the judge: success only when the device runs the target version.
 */

export type DeviceUpgradeResult = 'waiting' | 'upgrading' | 'failed' | 'success'
export type CommandResult = 'not_sent' | 'sent' | 'failed' | 'successful'
export type DownloadPhase = 'preparing' | 'downloading' | 'downloaded' | 'failed' | 'redownload'

/** Why a device's upgrade failed, as the order shows and logs it. */
export type FailureReason =
  | (typeof UPGRADE_DEVICE_REASONS)[number]
  /** flashed, yet it came back on another version than the target */
  | 'old_version'
  | 'timeout'
  | 'canceled'
  /** the order's window ended before it could start */
  | 'expired'
  /** FAILED with no reason we know */
  | 'failed'

/** What the order needs of an execution (the Jobs API's document of it). */
export interface ExecutionState {
  status: string
  statusDetails: Record<string, string>
  lastUpdatedAt: number
}

export interface Verdict {
  outcome: 'success' | 'failed'
  reason: FailureReason | null
}

/** AWS's terminal execution statuses. */
export const ENDED_STATUSES: ReadonlySet<string> = new Set([
  'SUCCEEDED',
  'FAILED',
  'TIMED_OUT',
  'REJECTED',
  'REMOVED',
  'CANCELED',
])
export const isEnded = (execution: ExecutionState | undefined): boolean =>
  execution !== undefined && ENDED_STATUSES.has(execution.status)

const DEVICE_REASONS = new Set<string>(UPGRADE_DEVICE_REASONS)

/**
 * The verdict of an ended execution. `runs` is the firmware the device itself reports in its
 * status (devices.firmware): a SUCCEEDED counts only when both it and the execution's claim are
 * the target. A canceled one is "expired" when the order's window closed it.
 */
export function verdictOf(
  execution: ExecutionState,
  target: string,
  runs: string | null,
  closedBy: 'cancel' | 'expiry' = 'cancel',
): Verdict {
  const details = execution.statusDetails
  switch (execution.status) {
    case 'SUCCEEDED':
      return details.firmware === target && runs === target
        ? { outcome: 'success', reason: null }
        : { outcome: 'failed', reason: 'old_version' }
    case 'FAILED': {
      const given = details.reason ?? ''
      return {
        outcome: 'failed',
        reason: DEVICE_REASONS.has(given) || given === 'old_version' ? (given as FailureReason) : 'failed',
      }
    }
    case 'TIMED_OUT':
      return { outcome: 'failed', reason: 'timeout' }
    case 'REJECTED':
      return { outcome: 'failed', reason: 'refused' }
    default:
      return { outcome: 'failed', reason: closedBy === 'expiry' ? 'expired' : 'canceled' }
  }
}

/** How long a device's status naming the target may trail its SUCCEEDED (both on their way). */
export const STATUS_GRACE_MS = 60_000

/**
 * Whether the judge should wait: the device says it succeeded on the target, but the status it
 * files on coming back (devices.firmware) does not name it yet. Past the grace it is judged
 * (old_version if its status still disagrees).
 */
export function awaitsStatus(
  execution: ExecutionState,
  target: string,
  runs: string | null,
  now: number = Date.now(),
): boolean {
  return (
    execution.status === 'SUCCEEDED' &&
    execution.statusDetails.firmware === target &&
    runs !== target &&
    now - execution.lastUpdatedAt * 1000 < STATUS_GRACE_MS
  )
}

/** Phases after which a device that comes back online must be on the new firmware. */
const FLASHED_PHASES = new Set(['flashing', 'rebooting'])

/** What the devices table says of a device: its presence, since when, and the firmware it reported. */
export interface DeviceReport {
  status: string
  firmware: string | null
  statusChangedAt: Date | null
}

/**
 * Whether a device flashing or rebooting for its upgrade is back on another version than the
 * target, and has been for STATUS_GRACE_MS: it did not upgrade (old_version), though it never said
 * so. The grace is for the status naming the new version, which may trail the device's return: a
 * telemetry report marks it online again before its status is filed, and a status sent before the
 * reboot may be filed after the `rebooting` update that overtook it in the queue.
 */
export function cameBackOnOldVersion(
  execution: ExecutionState,
  report: DeviceReport,
  target: string,
  now: number = Date.now(),
): boolean {
  if (execution.status !== 'IN_PROGRESS' || !FLASHED_PHASES.has(execution.statusDetails.phase ?? ''))
    return false
  const backSince = report.statusChangedAt?.getTime() ?? 0
  return (
    report.status === 'online' &&
    backSince > execution.lastUpdatedAt * 1000 &&
    now - backSince >= STATUS_GRACE_MS &&
    report.firmware !== target
  )
}

/** An order device as the detail shows it. */
export interface DeviceProgress {
  upgrade_result: DeviceUpgradeResult
  command_result: CommandResult
  download: DownloadPhase | null
  progress: number | null
  reason: string | null
}

/**
 * One device of an order: judged (its verdict), not sent, or its execution's state. An ended
 * execution not judged yet shows as still upgrading: the next tick judges it.
 */
export function deviceProgress(
  device: { wave: number | null; outcome: string | null; reason: string | null },
  execution: ExecutionState | undefined,
): DeviceProgress {
  if (device.outcome === 'success')
    return {
      upgrade_result: 'success',
      command_result: 'successful',
      download: 'downloaded',
      progress: 100,
      reason: null,
    }
  if (device.outcome === 'failed')
    return {
      upgrade_result: 'failed',
      command_result: device.wave === null ? 'not_sent' : 'failed',
      download: downloadOf(execution, device.reason),
      progress: null,
      reason: device.reason,
    }
  if (device.wave === null) return idle('not_sent')
  // Sent and not judged is upgrading (as the order's counts, the detail's filter and the log say),
  // its command still "sent" while the execution waits for the device.
  if (!execution || execution.status === 'QUEUED') return { ...idle('sent'), upgrade_result: 'upgrading' }
  const details = execution.statusDetails
  const download = downloadOf(execution, null)
  const progress =
    details.phase === 'downloading' && /^\d{1,3}$/.test(details.progress ?? '')
      ? Math.min(100, Number(details.progress))
      : null
  return { upgrade_result: 'upgrading', command_result: 'sent', download, progress, reason: null }
}

const idle = (command: CommandResult): DeviceProgress => ({
  upgrade_result: 'waiting',
  command_result: command,
  download: null,
  progress: null,
  reason: null,
})

/** §4 package download: preparing → downloading → downloaded / failed → redownload. */
function downloadOf(execution: ExecutionState | undefined, reason: string | null): DownloadPhase | null {
  if (reason === 'download_failed' || reason === 'checksum_mismatch') return 'failed'
  const details = execution?.statusDetails
  if (!details?.phase) return null
  switch (details.phase) {
    case 'preparing':
      return 'preparing'
    case 'downloading':
      return Number(details.attempt ?? '1') > 1 ? 'redownload' : 'downloading'
    case 'downloaded':
    case 'flashing':
    case 'rebooting':
      return 'downloaded'
    default:
      return null
  }
}

/**
 * An order's result from its devices' counts (§3 "result"); an ended order (canceled, aborted) is
 * judged by the devices that ran, those never sent left aside.
 */
export function orderResult(
  counts: { waiting: number; upgrading: number; success: number; failed: number },
  active = true,
) {
  if (counts.upgrading > 0) return 'upgrading' as const
  if (counts.success === 0 && counts.failed === 0) return 'waiting' as const
  if (counts.waiting > 0 && active) return 'upgrading' as const
  if (counts.failed === 0) return 'success' as const
  return counts.success === 0 ? ('failed' as const) : ('partial' as const)
}
