import { ErrorCode } from '@canopy/shared/errors'
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { fileWrittenHistory } from '../../../test/traffic-history'
import { buildWorld, childOfTenantA, type World } from '../../../test/world'
import { deviceMetrics, projectTraffic } from '../../db/schema'
import { trafficRepository } from './traffic.repository'

/**
 * Throughput from the samples' byte counters, downsampled on the server, within the caller's
 * scope. Tenant A's device in p1 has a history with a restart and a gap; the housekeeping files
 * p1's WAN bytes per interval from it.
 */
let app: TestApp
let world: World
const STEP = 300
/** a bucket start an hour ago (buckets of 300 s start at multiples of 300 s since the epoch) */
const B = (Math.floor(Date.now() / 1000 / STEP) - 12) * STEP
const at = (seconds: number) => new Date((B + seconds) * 1000)
const iso = (seconds: number) => at(seconds).toISOString()

interface DevicePoint {
  at: string
  clients: number | null
  wan_rx: number | null
  wan_tx: number | null
  radio2g_rx: number | null
  radio5g_tx: number | null
}
interface TotalPoint {
  at: string
  rx: number | null
  tx: number | null
}
interface Chart<T> {
  from: string
  to: string
  bucket_seconds: number
  points: T[]
}

beforeAll(async () => {
  app = await createTestApp()
  world = await buildWorld(app)
  const { inP1 } = world.a.devices
  const db = app.database.db
  await app.gateway.ingest.flush()
  await db.delete(deviceMetrics).where(eq(deviceMetrics.deviceId, inP1))
  const sample = (seconds: number, uptime: number, rx: number, clients = 4) => ({
    deviceId: inP1,
    at: at(seconds),
    cpu: 5,
    mem: 30,
    clients,
    uptime,
    wanRx: rx,
    wanTx: rx / 10,
    radio2gRx: rx / 2,
    radio2gTx: null,
  })
  await db.insert(deviceMetrics).values([
    sample(-290, 1000, 1_000_000),
    sample(10, 1300, 1_300_000, 6), // +300,000 B in 300 s: 1,000 B/s
    sample(310, 1600, 1_900_000), // +600,000: 2,000 B/s
    sample(610, 200, 60_000), // restarted 200 s ago: 60,000 B since, over 300 s: 200 B/s
    sample(2110, 1700, 400_000), // 1,500 s after the last: a gap, no throughput
    sample(2410, 2000, 700_000), // +300,000: 1,000 B/s
  ])
  // The week reads the hourly rollup where it is filed (another test file may have filed these hours).
  await fileWrittenHistory(db, at(-290), STEP)
  // The housekeeping files p1's intervals ending at B + 300, B + 600 and B + 900.
  await db.delete(projectTraffic).where(eq(projectTraffic.tenantId, world.a.tenantId))
  for (const end of [300, 600, 900, 2400, 2700]) {
    await trafficRepository(db).fileProjectTraffic(at(end), STEP)
  }
})
afterAll(async () => {
  await world.fleet.stop()
  await app.close()
})

const ownerToken = async () => (await login(app, world.a.owner)).access_token

async function deviceChart(token: string, range: string, id = world.a.devices.inP1) {
  return app.call<Chart<DevicePoint>>({
    method: 'POST',
    path: '/backend/device/traffic',
    token,
    body: { id, range },
  })
}

async function totalChart(token: string, body: Record<string, unknown>) {
  const response = await app.call<Chart<TotalPoint>>({
    method: 'POST',
    path: '/backend/user/statistics/traffic',
    token,
    body,
  })
  expect(response.envelope.status).toBe(10000)
  return response.envelope.data
}

const pointAt = <T extends { at: string }>(chart: Chart<T>, seconds: number) =>
  chart.points.find((point) => point.at === iso(seconds))

describe("a device's traffic", () => {
  it('is bytes a second per bucket from counter differences, a restart counted from zero, a gap left empty', async () => {
    const { envelope } = await deviceChart(await ownerToken(), 'day')
    expect(envelope.status).toBe(10000)
    const chart = envelope.data
    expect(chart.bucket_seconds).toBe(STEP)
    expect(chart.points).toHaveLength(24 * 12)
    // The first sample has none before it.
    expect(pointAt(chart, -300)).toMatchObject({ wan_rx: null, clients: 4 })
    expect(pointAt(chart, 0)).toMatchObject({
      wan_rx: 1000,
      wan_tx: 100,
      radio2g_rx: 500,
      radio5g_tx: null,
      clients: 6,
    })
    expect(pointAt(chart, 300)).toMatchObject({ wan_rx: 2000, wan_tx: 200 })
    expect(pointAt(chart, 600)).toMatchObject({ wan_rx: 200, wan_tx: 20 })
    // Nothing was sampled here.
    expect(pointAt(chart, 900)).toMatchObject({ wan_rx: null, clients: null })
    expect(pointAt(chart, 2100)).toMatchObject({ wan_rx: null, clients: 4 })
    expect(pointAt(chart, 2400)).toMatchObject({ wan_rx: 1000 })
  })

  it('is downsampled to an hour a point over a week, and never finer than the sampling interval', async () => {
    const token = await ownerToken()
    const week = (await deviceChart(token, 'week')).envelope.data
    expect(week.bucket_seconds).toBe(3600)
    expect(week.points).toHaveLength(168)
    // Every byte of the measured pairs over the seconds they span, whatever hour they fall in.
    const measured = week.points.filter((point) => point.wan_rx !== null)
    expect(measured.length).toBeGreaterThan(0)
    const hour = (await deviceChart(token, 'hour')).envelope.data
    expect(hour.bucket_seconds).toBe(STEP)
    expect(hour.points).toHaveLength(12)
  })

  it('is refused (600400143) for a device outside the caller’s scope', async () => {
    const token = (await login(app, world.b.owner)).access_token
    expect((await deviceChart(token, 'day')).envelope.status).toBe(ErrorCode.NO_PERMISSION)
    const child = await childOfTenantA(app, world, {
      menus: ['device'],
      device_functions: ['view'],
      project_ids: [world.a.p2],
    })
    expect((await deviceChart(child, 'day')).envelope.status).toBe(ErrorCode.NO_PERMISSION)
  })

  it('takes the byte counters the devices report', async () => {
    // The world's devices reported as they came online; the one in p2 keeps its first sample.
    await app.gateway.ingest.flush()
    const [latest] = await app.database.db
      .select()
      .from(deviceMetrics)
      .where(eq(deviceMetrics.deviceId, world.a.devices.inP2))
      .orderBy(desc(deviceMetrics.at))
      .limit(1)
    expect(latest).toMatchObject({
      wanRx: expect.any(Number),
      wanTx: expect.any(Number),
      uptime: expect.any(Number),
    })
    expect(latest!.radio2gRx ?? latest!.radio5gRx).toEqual(expect.any(Number))
  })
})

describe('the traffic of what a caller sees', () => {
  it('sums the projects’ filed bytes over the seconds they cover', async () => {
    const chart = await totalChart(await ownerToken(), { range: 'day' })
    expect(chart.bucket_seconds).toBe(STEP)
    expect(pointAt(chart, 0)).toMatchObject({ rx: 1000, tx: 100 })
    expect(pointAt(chart, 300)).toMatchObject({ rx: 2000, tx: 200 })
    expect(pointAt(chart, 600)).toMatchObject({ rx: 200, tx: 20 })
    // The gap: nothing filed.
    expect(pointAt(chart, 2100)).toMatchObject({ rx: null })
    expect(pointAt(chart, 2400)).toMatchObject({ rx: 1000 })
  })

  it('leaves out projects outside the caller’s scope or the chosen subtree', async () => {
    const p2Only = await childOfTenantA(app, world, {
      menus: ['home'],
      device_functions: [],
      project_ids: [world.a.p2],
    })
    expect(pointAt(await totalChart(p2Only, { range: 'day' }), 0)).toMatchObject({ rx: null })
    const owner = await ownerToken()
    expect(pointAt(await totalChart(owner, { range: 'day', gid: world.a.p2 }), 0)).toMatchObject({ rx: null })
    expect(pointAt(await totalChart(owner, { range: 'day', gid: world.a.p1 }), 0)).toMatchObject({ rx: 1000 })
    const other = (await login(app, world.b.owner)).access_token
    expect(pointAt(await totalChart(other, { range: 'day' }), 0)).toMatchObject({ rx: null })
  })

  it('adds a device a role grants one by one, from its own samples', async () => {
    const token = await childOfTenantA(app, world, {
      menus: ['home', 'device'],
      device_functions: ['view'],
      project_ids: [],
      device_ids: [world.a.devices.inP1],
    })
    const chart = await totalChart(token, { range: 'day' })
    expect(pointAt(chart, 0)).toMatchObject({ rx: 1000, tx: 100 })
    expect(pointAt(chart, 600)).toMatchObject({ rx: 200 })
    expect(pointAt(chart, 2100)).toMatchObject({ rx: null })
  })

  it('answers a project of another tenant as not found', async () => {
    const other = (await login(app, world.b.owner)).access_token
    const response = await app.call({
      method: 'POST',
      path: '/backend/user/statistics/traffic',
      token: other,
      body: { range: 'day', gid: world.a.p1 },
    })
    expect(response.envelope.status).not.toBe(10000)
  })
})
