import type { FastifyBaseLogger } from 'fastify'
import { RefusalCounts } from '../../lib/refusal-counts'

/** Why a device's firmware download was refused (docs/operations.md, "Device refusals"). */
export const DOWNLOAD_REFUSALS = [
  /** the link's parameters are missing or not what a link holds */
  'malformed',
  /** the signature is not ours for this package, thing and expiry */
  'forged',
  /** the link's hour has passed */
  'expired',
  /** the package was deleted since the link was made */
  'unknown-package',
  /** a Range beyond the image's end */
  'range',
  /** reading the image failed (logged with its stack) */
  'failed',
] as const
export type DownloadRefusal = (typeof DOWNLOAD_REFUSALS)[number]

/**
 * Counts every refused download by reason and logs at most one line per reason a minute (with
 * how many were left out meanwhile): a device retrying a dead link in a loop costs a counter.
 */
export class DownloadRefusals {
  private readonly refusals: RefusalCounts<DownloadRefusal>

  constructor(
    private readonly log: FastifyBaseLogger,
    now: () => number = Date.now,
  ) {
    this.refusals = new RefusalCounts(DOWNLOAD_REFUSALS, now)
  }

  get counts(): Record<DownloadRefusal, number> {
    return this.refusals.counts
  }

  refuse(reason: DownloadRefusal, detail: { packageId?: string; thing?: string; error?: unknown }): void {
    const due = this.refusals.count(reason)
    if (!due) return
    const fields = { reason, packageId: detail.packageId, thing: detail.thing, ...due }
    if (reason === 'failed') this.log.error({ ...fields, err: detail.error }, 'firmware download failed')
    else this.log.warn(fields, 'firmware download refused')
  }
}
