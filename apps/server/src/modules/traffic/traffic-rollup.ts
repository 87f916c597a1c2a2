import type { Executor } from '../../db/client'
import { HOUR_MS, trafficRollupRepository } from './traffic-rollup.repository'

/**
 * Hours filed at most in one round: after a long stop the rollup catches up a few hours a round
 * (72 an hour with 5-minute rounds) instead of holding the embedded database's one session for
 * minutes; the charts read the samples of what is not filed yet meanwhile.
 */
export const MAX_HOURS_A_ROUND = 6

/**
 * Files the per-device hourly traffic rollup up to the last whole hour, oldest hour first, from
 * where it was left (a restart resumes there; before the oldest sample kept there is nothing to
 * file). An hour is filed one sampling interval after it ends, when its samples are all written
 * (they arrive through the ingest's one-second batches). Returns the hours filed.
 */
export async function fileTrafficHours(
  db: Executor,
  options: { now: Date; sampleSeconds: number; maxHours?: number },
): Promise<number> {
  const repository = trafficRollupRepository(db)
  const due = Math.floor((options.now.getTime() - options.sampleSeconds * 1000) / HOUR_MS) * HOUR_MS
  const { filedUntil, firstSampleAt } = await repository.progress()
  if (firstSampleAt === null) return 0
  let hour = Math.max(filedUntil ?? -Infinity, Math.floor(firstSampleAt / HOUR_MS) * HOUR_MS)
  let filed = 0
  for (; hour < due && filed < (options.maxHours ?? MAX_HOURS_A_ROUND); hour += HOUR_MS, filed++) {
    await repository.fileHour(new Date(hour), options.sampleSeconds)
  }
  return filed
}
