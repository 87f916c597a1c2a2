import type { JsonObject } from '@canopy/shared/protocol'
import type { DeviceLog } from './device-log'
import { between, pick } from './random'
import { asReported } from './settings'

export const FAILURE_REASONS = [
  'radio busy, retry later',
  'value not supported by this hardware',
  'configuration commit failed',
] as const

/** A realistic time to apply a setting (a commit to flash, a radio restarting): a few seconds. */
export const REALISTIC_APPLY_DELAY_MS: readonly [number, number] = [1500, 6000]

export interface ApplyOptions {
  /** how long applying takes, in milliseconds (drawn between the two) */
  applyDelayMs: readonly [number, number]
  /** the share of deltas the device refuses, with a reason */
  failureRate: number
  random: () => number
  log: DeviceLog
}

/**
 * Applies a shadow delta as a device does: after a while, and now and then not at all, with a
 * reason. Resolves with what to report: the delta's values (secrets as hashes) and no failure,
 * or the failure of each section with the delta's version, so the cloud never takes an old
 * refusal for the answer to a newer change (docs/protocol.md, "Settings").
 */
export async function settleDelta(
  delta: JsonObject,
  version: number,
  options: ApplyOptions,
): Promise<{ applied: boolean; reported: JsonObject }> {
  await new Promise((resolve) => setTimeout(resolve, between(options.random, options.applyDelayMs)))
  const sections = Object.keys(delta)
  if (options.random() < options.failureRate) {
    const reason = pick(options.random, FAILURE_REASONS)
    options.log.write('canopy', `could not apply ${sections.join(', ')}: ${reason}`)
    const failure: JsonObject = { at: Math.floor(Date.now() / 1000), version }
    for (const section of sections) failure[section] = reason
    return { applied: false, reported: { failure } }
  }
  options.log.write('canopy', `applied ${sections.join(', ')}`)
  return { applied: true, reported: { ...asReported(delta), failure: null } }
}
