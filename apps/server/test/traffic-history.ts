import type { Executor } from '../src/db/client'
import { fileTrafficHours } from '../src/modules/traffic/traffic-rollup'
import { HOUR_MS, trafficRollupRepository } from '../src/modules/traffic/traffic-rollup.repository'

/**
 * Files a history a test wrote after the fact into the hourly rollup, as the housekeeping's
 * rounds would have filed it had it arrived live: the hours not filed yet, and again the hours
 * from `since` that other test files' instances on this database filed before it was written.
 */
export async function fileWrittenHistory(db: Executor, since: Date, sampleSeconds: number): Promise<void> {
  await fileTrafficHours(db, { now: new Date(), sampleSeconds, maxHours: Number.POSITIVE_INFINITY })
  const rollup = trafficRollupRepository(db)
  const { filedUntil } = await rollup.progress()
  const firstHour = Math.floor(since.getTime() / HOUR_MS) * HOUR_MS
  for (let hour = firstHour; hour < (filedUntil ?? firstHour); hour += HOUR_MS)
    await rollup.fileHour(new Date(hour), sampleSeconds)
}
