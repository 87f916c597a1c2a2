import type { FastifyBaseLogger } from 'fastify'

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

const WINDOW_MS = 60_000

/**
 * Counts every refused download by reason and logs at most one line per reason a minute (with
 * how many were left out meanwhile): a device retrying a dead link in a loop costs a counter.
 */
export class DownloadRefusals {
  readonly counts = Object.fromEntries(DOWNLOAD_REFUSALS.map((reason) => [reason, 0])) as Record<
    DownloadRefusal,
    number
  >
  private readonly lastLogged = new Map<DownloadRefusal, { at: number; suppressed: number }>()

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  refuse(reason: DownloadRefusal, detail: { packageId?: string; thing?: string; error?: unknown }): void {
    this.counts[reason]++
    const last = this.lastLogged.get(reason)
    if (last && this.now() - last.at < WINDOW_MS) {
      last.suppressed++
      return
    }
    this.lastLogged.set(reason, { at: this.now(), suppressed: 0 })
    const fields = {
      reason,
      packageId: detail.packageId,
      thing: detail.thing,
      ...(last?.suppressed ? { suppressed: last.suppressed } : {}),
    }
    if (reason === 'failed') this.log.error({ ...fields, err: detail.error }, 'firmware download failed')
    else this.log.warn(fields, 'firmware download refused')
  }
}
