import { setTimeout as sleep } from 'node:timers/promises'
import {
  readFirmwareHeader,
  type UpgradePhase,
  upgradeJobDocument,
  upgradeProgressDetails,
} from '@canopy/shared/protocol'
import { drawUpgradeTrouble, type UpgradeChaos, type UpgradeTrouble } from './chaos'
import { DownloadBroken, DownloadRefused, ImageDownload } from './image-download'
import { JobFailure, type JobHandler, STAYS_IN_PROGRESS } from './jobs-client'
import { between } from './random'

/** How long the steps of an upgrade take, in milliseconds (each drawn between the two bounds). */
export interface UpgradeTimings {
  /** writing the image to flash */
  flashMs: readonly [number, number]
  /** away while rebooting into the new firmware */
  rebootMs: readonly [number, number]
  /** off the network, for the `offline` chaos */
  outageMs: readonly [number, number]
}

/** What a real device takes (the CLI and the demo). */
export const REALISTIC_UPGRADE_TIMINGS: UpgradeTimings = {
  flashMs: [4000, 10_000],
  rebootMs: [3000, 8000],
  outageMs: [5000, 20_000],
}

/** Quick, for test rigs and benches (the fleet's default). */
export const QUICK_UPGRADE_TIMINGS: UpgradeTimings = {
  flashMs: [100, 300],
  rebootMs: [200, 600],
  outageMs: [500, 1500],
}

/** A broken download is tried once more, resuming where it broke ("redownload"). */
export const MAX_DOWNLOAD_ATTEMPTS = 2

/** The device an upgrade runs on. */
export interface UpgradeDevice {
  model: string
  /** the firmware version it runs now */
  firmware(): string
  random: () => number
  chaos(): UpgradeChaos
  timings: UpgradeTimings
  log(line: string): void
  /** Restarts once the handler has returned: on `firmware` when given (the image written to
   * flash), on the firmware it ran otherwise (power lost mid-flash). */
  restart(downMs: number, firmware?: string): void
  /** Drops off the network (MQTT and HTTP) for `ms`, resolving once it is connected again. */
  networkOutage(ms: number): Promise<void>
  /** waits for the fleet's turn to download (see DownloadSlots); at once when absent */
  downloadSlot?: () => Promise<() => void>
}

/**
 * The `upgrade` job as firmware runs it (docs/protocol.md, "Firmware upgrade"): checks the
 * document and the model, downloads the image over HTTP reporting progress every 10 %, resumes a
 * broken download once with Range, checks size, sha256 and the image's header, flashes, reports
 * `rebooting` and restarts. Back on the new firmware, `start-next` gives the execution back and
 * the handler, seeing the target version running, reports SUCCEEDED with it. Back on the old one
 * after an interrupted flash, it reports `flash_failed`, never success.
 */
export function upgradeHandler(device: UpgradeDevice): JobHandler {
  return async (document, report, { statusDetails, signal }) => {
    const parsed = upgradeJobDocument.safeParse(document)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new JobFailure(
        {
          reason: 'refused',
          message: `invalid document: ${issue?.path.join('.')} ${issue?.message}`.slice(0, 1024),
        },
        'REJECTED',
      )
    }
    const { firmware } = parsed.data
    if (firmware.model !== device.model)
      throw new JobFailure({ reason: 'model_mismatch', message: `this device is a ${device.model}` })
    // Taken up again after a restart: what runs now tells how the flash went.
    if (device.firmware() === firmware.version) return { firmware: firmware.version }
    const phase = statusDetails.phase as UpgradePhase | undefined
    if (phase === 'flashing' || phase === 'rebooting')
      throw new JobFailure({
        reason: 'flash_failed',
        message: `back on ${device.firmware()} after the flash was interrupted`,
      })
    // A restart mid-download lost what was in memory: a new attempt, from the first byte.
    const attempt = phase ? Number(statusDetails.attempt ?? '1') + 1 : 1
    if (!(attempt <= MAX_DOWNLOAD_ATTEMPTS))
      throw new JobFailure({ reason: 'download_failed', message: 'the device restarted during the download' })

    const trouble = drawUpgradeTrouble(device.chaos(), device.random)
    if (trouble) device.log(`upgrade: chaos ${trouble}`)
    await report(upgradeProgressDetails('preparing', attempt))
    const download = await downloadImage(firmware, attempt, trouble, device, report, signal)

    const sha256 = download.image.digest()
    if (sha256 !== firmware.sha256)
      throw new JobFailure({ reason: 'checksum_mismatch', message: `the image's sha256 is ${sha256}` })
    const header = readFirmwareHeader(download.image.header())
    // An image without our header was accepted by the cloud on its uploader's word; one with it must agree.
    if (header && header.model !== device.model)
      throw new JobFailure({ reason: 'model_mismatch', message: `the image is for ${header.model}` })
    if (header && header.version !== firmware.version)
      throw new JobFailure({
        reason: 'refused',
        message: `the image holds ${header.version}, not ${firmware.version}`,
      })

    await report(upgradeProgressDetails('flashing', download.attempt))
    const flashMs = between(device.random, device.timings.flashMs)
    if (trouble === 'power-loss') {
      await sleep(flashMs / 2, undefined, { signal })
      device.log('upgrade: power lost while flashing')
      device.restart(between(device.random, device.timings.rebootMs))
      return STAYS_IN_PROGRESS
    }
    await sleep(flashMs, undefined, { signal })
    await report(upgradeProgressDetails('rebooting', download.attempt))
    device.log(`upgrade: ${firmware.version} written to flash, rebooting`)
    device.restart(between(device.random, device.timings.rebootMs), firmware.version)
    return STAYS_IN_PROGRESS
  }
}

/** Downloads the image, reporting progress; one more attempt resumes a broken download. */
async function downloadImage(
  firmware: { url: string; size: number },
  firstAttempt: number,
  trouble: UpgradeTrouble | undefined,
  device: UpgradeDevice,
  report: Parameters<JobHandler>[1],
  signal: AbortSignal,
): Promise<{ image: ImageDownload; attempt: number }> {
  const image = new ImageDownload(firmware.url, firmware.size)
  let attempt = firstAttempt
  await report(upgradeProgressDetails('downloading', attempt, 0))
  const progress = new ProgressReports((percent) =>
    report(upgradeProgressDetails('downloading', attempt, percent)),
  )
  const onBytes = (received: number) => progress.reached(Math.floor((received * 10) / firmware.size) * 10)
  for (;;) {
    const release = (await device.downloadSlot?.()) ?? (() => {})
    try {
      await image
        .fetchRest({
          signal,
          onBytes,
          corrupt: trouble === 'bad-checksum',
          breakAt: breakPoint(trouble, attempt === firstAttempt, image, device.random),
        })
        .finally(release)
      await progress.settled()
      await report(upgradeProgressDetails('downloaded', attempt, 100))
      return { image, attempt }
    } catch (error) {
      if (error instanceof DownloadRefused)
        throw new JobFailure({ reason: 'download_failed', message: error.message })
      if (!(error instanceof DownloadBroken)) throw error
      device.log(`upgrade: download attempt ${attempt} broke: ${error.message}`)
      if (trouble === 'offline' && attempt === firstAttempt)
        await device.networkOutage(between(device.random, device.timings.outageMs))
      if (attempt >= MAX_DOWNLOAD_ATTEMPTS)
        throw new JobFailure({ reason: 'download_failed', message: error.message.slice(0, 1024) })
      await progress.settled()
      attempt++
      await report(upgradeProgressDetails('downloading', attempt, progress.told))
    }
  }
}

/**
 * Download progress as firmware reports it: every 10 %, never more than one report waiting for
 * its answer (each names the version the last answer gave), and the download never waits for
 * one. Progress reached while a report is out is told once it is answered: the latest only. A
 * download that had to wait for each answer went at the pace of a busy cloud's replies.
 */
export class ProgressReports {
  /** the last percentage told (or being told) */
  told = 0
  private reachedPercent = 0
  private out: Promise<void> | undefined
  private failure: unknown

  constructor(private readonly tell: (percent: number) => Promise<void>) {}

  /** The download reached `percent` (below 100: the end is a phase of its own). */
  reached(percent: number): void {
    if (percent <= this.reachedPercent || percent >= 100 || this.failure !== undefined) return
    this.reachedPercent = percent
    this.out ??= this.tellLatest().finally(() => {
      this.out = undefined
    })
  }

  /** Waits for the report out, if any; throws what a report threw (a refused update ends the job). */
  async settled(): Promise<void> {
    await this.out
    if (this.failure !== undefined) throw this.failure
  }

  private async tellLatest(): Promise<void> {
    try {
      while (this.told < this.reachedPercent) {
        this.told = this.reachedPercent
        await this.tell(this.told)
      }
    } catch (error) {
      // Kept for settled(), which the download calls before its next phase.
      this.failure = error
    }
  }
}

/** Where chaos breaks the download: every attempt half-way through what is left, or once (offline). */
function breakPoint(
  trouble: UpgradeTrouble | undefined,
  firstAttempt: boolean,
  image: ImageDownload,
  random: () => number,
): number | undefined {
  if (trouble === 'download-failure') return image.received + Math.ceil((image.size - image.received) / 2)
  if (trouble === 'offline' && firstAttempt) return Math.floor(image.size * (0.3 + 0.4 * random()))
  return undefined
}
