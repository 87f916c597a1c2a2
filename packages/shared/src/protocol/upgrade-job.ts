import { z } from 'zod'
import type { StatusDetails } from './jobs'

/**
 * The `upgrade` job (docs/protocol.md, "Firmware upgrade"): the document the cloud queues and the
 * `statusDetails` a device reports while it runs it. The cloud builds documents with
 * {@link upgradeJobDocument}'s shape; devices (the virtual fleet) read them with it.
 */

export const UPGRADE_OPERATION = 'upgrade'

/** `statusDetails.phase` while IN_PROGRESS, in order. */
export const UPGRADE_PHASES = ['preparing', 'downloading', 'downloaded', 'flashing', 'rebooting'] as const
export type UpgradePhase = (typeof UPGRADE_PHASES)[number]

/** `statusDetails.reason` of a FAILED or REJECTED upgrade, as the device reports it. */
export const UPGRADE_DEVICE_REASONS = [
  'download_failed',
  'checksum_mismatch',
  'flash_failed',
  'model_mismatch',
  'refused',
] as const
export type UpgradeDeviceReason = (typeof UPGRADE_DEVICE_REASONS)[number]

const SHA256_HEX = /^[0-9a-f]{64}$/

export const upgradeJobDocument = z.object({
  operation: z.literal(UPGRADE_OPERATION),
  firmware: z.object({
    model: z.string().min(1).max(64),
    version: z.string().min(1).max(64),
    /** where the device downloads the image: HTTP(S), signed and short-lived */
    url: z
      .string()
      .max(2048)
      .refine((url) => /^https?:\/\//.test(url) && URL.canParse(url), 'url is an http or https URL'),
    /** the image's length in bytes */
    size: z
      .number()
      .int()
      .positive()
      .max(2 ** 31 - 1),
    /** the image's sha256, lower-case hex */
    sha256: z.string().regex(SHA256_HEX, 'sha256 is 64 lower-case hex digits'),
  }),
})
export type UpgradeJobDocument = z.infer<typeof upgradeJobDocument>

/** What a device reports in `statusDetails` while it upgrades (AWS: string values only). */
export function upgradeProgressDetails(
  phase: UpgradePhase,
  attempt: number,
  progress?: number,
): StatusDetails {
  return {
    phase,
    attempt: String(attempt),
    ...(progress === undefined ? {} : { progress: String(progress) }),
  }
}
