import type { Fleet } from '@canopy/simulator'
import { and, eq, gte, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bindDevice, startTestFleet } from '../../../test/devices'
import { rootProjectOf, signedInAccount } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { fileWrittenHistory } from '../../../test/traffic-history'
import { deviceMetrics, deviceTrafficHourly, trafficRollups } from '../../db/schema'
import { trafficRepository, type Window } from './traffic.repository'
import { fileTrafficHours } from './traffic-rollup'
import { HOUR_MS, trafficRollupRepository } from './traffic-rollup.repository'
import { deviceBuckets } from './traffic-series'

/**
 * A device's week chart reads the hourly rollup the housekeeping files, up to where it is filed,
 * and the samples after: the same chart as from the samples alone. The device has a week of
 * samples (irregularly ~300 s apart) with a restart, a wrapped counter, a gap, a pair exactly the
 * gap apart and one a millisecond more, a sample on an hour's first millisecond, counters that
 * report nothing for a while.
 */
const STEP = 300
let app: TestApp
let fleet: Fleet
let deviceId: number
let token: string
let firstHour: number

interface Chart {
  from: string
  to: string
  bucket_seconds: number
  points: Array<Record<string, unknown> & { at: string; wan_rx: number | null }>
}

beforeAll(async () => {
  app = await createTestApp()
  fleet = await startTestFleet(app, { count: 1, models: ['CAP-1200'] })
  const owner = await signedInAccount(app)
  token = owner.token
  deviceId = await bindDevice(app, token, fleet.devices[0]!.mac, await rootProjectOf(app, token))
  // Silent from now on: the history is the test's.
  await fleet.stop()
  await app.gateway.ingest.flush()
  const db = app.database.db
  await db.delete(deviceMetrics).where(eq(deviceMetrics.deviceId, deviceId))
  const samples = history(Date.now() - 7 * 86_400_000 - 2 * HOUR_MS, Date.now() - 5_000)
  firstHour = Math.floor(samples[0]!.at.getTime() / HOUR_MS) * HOUR_MS
  for (let i = 0; i < samples.length; i += 500)
    await db.insert(deviceMetrics).values(samples.slice(i, i + 500))
  await fileWrittenHistory(db, samples[0]!.at, STEP)
})
afterAll(async () => {
  await app.close()
})

/** Samples from `start` to `end`, ~300 s apart, with the turns a real device's history takes. */
function history(start: number, end: number) {
  const rows: Array<typeof deviceMetrics.$inferInsert> = []
  let at = start
  let uptime = 86_400
  let rx = 4_000_000_000
  for (let i = 0; at < end; i++) {
    const restart = i === 700
    const wrapped = i === 1200 // a 32-bit counter past its end: it went down, the uptime did not
    uptime = restart ? 120 : uptime + STEP
    rx = restart ? 90_000 : wrapped ? 1_234 : rx + 2_000 * STEP + (i % 13) * 10_000
    const silent5g = i >= 300 && i < 340
    rows.push({
      deviceId,
      at: new Date(at),
      cpu: 5,
      mem: 30,
      clients: 3 + (i % 11),
      uptime,
      wanRx: rx,
      wanTx: i === 401 ? null : Math.floor(rx / 7),
      radio2gRx: Math.floor(rx / 3),
      radio2gTx: Math.floor(rx / 5),
      radio5gRx: silent5g ? null : Math.floor(rx / 2),
      radio5gTx: silent5g ? null : Math.floor(rx / 9),
    })
    // Mostly 300 s and a little; a pair exactly 2.5 intervals apart (measured), one a millisecond
    // more (a gap), two hours of silence; one sample on an hour's first millisecond.
    const next = at + STEP * 1000 + ((i * 7919) % 1000)
    if (i === 900) at += 750_000
    else if (i === 901) at += 750_001
    else if (i === 1500) at += 7_200_000
    else if (i >= 1000 && i < 1013 && Math.floor(next / HOUR_MS) * HOUR_MS > at)
      at = Math.floor(next / HOUR_MS) * HOUR_MS
    else at = next
  }
  return rows
}

async function weekChart(): Promise<Chart> {
  const response = await app.call<Chart>({
    method: 'POST',
    path: '/backend/device/traffic',
    token,
    body: { id: deviceId, range: 'week' },
  })
  expect(response.envelope.status).toBe(10000)
  return response.envelope.data
}

/** The chart of the same window from the samples alone. */
async function fromSamples(chart: Chart) {
  const window: Window = {
    from: new Date(chart.from),
    to: new Date(chart.to),
    bucketSeconds: chart.bucket_seconds,
    sampleSeconds: STEP,
  }
  const samples = await trafficRepository(app.database.db).deviceSamples(deviceId, window)
  return deviceBuckets(samples, window).map((point) => ({ ...point, at: point.at.toISOString() }))
}

const filedUntil = async () => (await trafficRollupRepository(app.database.db).progress()).filedUntil!

const rowsOfDevice = () =>
  app.database.db
    .select()
    .from(deviceTrafficHourly)
    .where(eq(deviceTrafficHourly.deviceId, deviceId))
    .orderBy(deviceTrafficHourly.hour)

describe("a device's week from the hourly rollup", () => {
  it('is the chart the samples give, the hours not filed yet read from the samples', async () => {
    const chart = await weekChart()
    expect(chart.points).toHaveLength(168)
    expect(chart.points).toEqual(await fromSamples(chart))
    // The rollup covers the week but its last hour or two; the silence left a hole, the 5 GHz
    // radio's too.
    const until = await filedUntil()
    expect(until).toBeGreaterThan(Date.parse(chart.from))
    expect(until).toBeLessThan(Date.parse(chart.to))
    expect((await rowsOfDevice()).length).toBeGreaterThan(160)
    expect(chart.points.filter((point) => point.wan_rx === null).length).toBeGreaterThan(0)
    const silent5g = chart.points.filter((point) => point.radio5g_rx === null && point.wan_rx !== null)
    expect(silent5g.length).toBeGreaterThan(0)
  })

  it('reads the rollup for the hours filed', async () => {
    const chart = await weekChart()
    const index = chart.points.findIndex((point, i) => i >= 24 && point.wan_rx !== null)
    const hour = Date.parse(chart.points[index]!.at)
    const db = app.database.db
    const thisHour = and(
      eq(deviceTrafficHourly.deviceId, deviceId),
      eq(deviceTrafficHourly.hour, new Date(hour)),
    )
    await db.update(deviceTrafficHourly).set({ wanRx: sql`wan_rx * 2` }).where(thisHour)
    try {
      const doubled = (await weekChart()).points[index]!
      // Twice the bytes over the same seconds (each rate rounded to a whole byte).
      expect(Math.abs(doubled.wan_rx! - chart.points[index]!.wan_rx! * 2)).toBeLessThanOrEqual(1)
      expect(doubled.wan_tx).toBe(chart.points[index]!.wan_tx)
    } finally {
      await db.update(deviceTrafficHourly).set({ wanRx: sql`wan_rx / 2` }).where(thisHour)
    }
  })

  it('is filed once: another round, or an hour filed again, changes nothing', async () => {
    const before = await rowsOfDevice()
    await fileTrafficHours(app.database.db, { now: new Date(), sampleSeconds: STEP })
    await trafficRollupRepository(app.database.db).fileHour(new Date(firstHour + 24 * HOUR_MS), STEP)
    expect(await rowsOfDevice()).toEqual(before)
  })

  it('resumes where it was left after a stop, and the chart reads the samples meanwhile', async () => {
    const before = await rowsOfDevice()
    const until = await filedUntil()
    const db = app.database.db
    // As if the last five hours had not been filed when the instances stopped.
    const resumeAt = new Date(until - 5 * HOUR_MS)
    await db
      .delete(deviceTrafficHourly)
      .where(and(eq(deviceTrafficHourly.deviceId, deviceId), gte(deviceTrafficHourly.hour, resumeAt)))
    await db
      .update(trafficRollups)
      .set({ filedUntil: resumeAt })
      .where(eq(trafficRollups.name, 'device_hourly'))
    const meanwhile = await weekChart()
    expect(meanwhile.points).toEqual(await fromSamples(meanwhile))

    await fileTrafficHours(db, { now: new Date(), sampleSeconds: STEP })
    expect(await filedUntil()).toBeGreaterThanOrEqual(until)
    expect(await rowsOfDevice()).toEqual(before)
    const after = await weekChart()
    expect(after.points).toEqual(await fromSamples(after))
  })

  it('goes with the retention period', async () => {
    const cutoff = new Date(firstHour + 3 * HOUR_MS)
    await trafficRollupRepository(app.database.db).prune(cutoff)
    const kept = await rowsOfDevice()
    expect(kept[0]!.hour.getTime()).toBe(cutoff.getTime())
    expect(kept.filter((row) => row.hour < cutoff)).toEqual([])
  })
})
