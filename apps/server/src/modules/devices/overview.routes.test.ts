import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { buildWorld, childOfTenantA, type World } from '../../../test/world'
import { clientCounts, deviceMetrics } from '../../db/schema'

/**
 * The home overview's online-clients chart sees what the statistics and the list see: a child's
 * projects and, beside them, the devices its roles grant one by one (modules/access).
 */
let app: TestApp
let world: World
const STEP = 300
/** two past sample times of the housekeeping (TELEMETRY_SAMPLE_SECONDS, 300 s by default) */
const aligned = Math.floor(Date.now() / 1000 / STEP) * STEP
const T1 = new Date((aligned - 2 * STEP) * 1000)
const T2 = new Date((aligned - STEP) * 1000)

interface Chart {
  points: Array<{ at: string; clients: number; online_devices: number }>
}

beforeAll(async () => {
  app = await createTestApp()
  world = await buildWorld(app)
  const { a } = world
  const db = app.database.db
  // What the housekeeping would have filed for the projects: p1 at T1; p2 at T1 and T2.
  await db.delete(clientCounts).where(eq(clientCounts.tenantId, a.tenantId))
  await db.insert(clientCounts).values([
    { tenantId: a.tenantId, projectId: a.p1, at: T1, clients: 10, onlineDevices: 1 },
    { tenantId: a.tenantId, projectId: a.p2, at: T1, clients: 20, onlineDevices: 1 },
    { tenantId: a.tenantId, projectId: a.p2, at: T2, clients: 30, onlineDevices: 1 },
  ])
  // And each device's own telemetry samples, taken between sample times.
  const { inP1, inP2 } = a.devices
  await app.gateway.ingest.flush()
  await db.delete(deviceMetrics).where(inArray(deviceMetrics.deviceId, [inP1, inP2]))
  const sample = (deviceId: number, at: Date, clients: number) => ({ deviceId, at, cpu: 5, mem: 30, clients })
  await db
    .insert(deviceMetrics)
    .values([
      sample(inP1, new Date(T1.getTime() - 100_000), 5),
      sample(inP1, new Date(T2.getTime() - 10_000), 6),
      sample(inP2, new Date(T1.getTime() - 50_000), 9),
    ])
})
afterAll(async () => {
  await world.fleet.stop()
  await app.close()
})

/** A child whose one role manages `projectIds` and, one by one, the device in p1. */
const childSeeing = (projectIds: number[]) =>
  childOfTenantA(app, world, {
    menus: ['home', 'device'],
    device_functions: ['view'],
    project_ids: projectIds,
    device_ids: [world.a.devices.inP1],
  })

const chart = async (token: string, body: Record<string, unknown> = {}) => {
  const response = await app.call<Chart>({
    method: 'POST',
    path: '/backend/user/statistics/clients/onlines',
    token,
    body: { hours: 1, ...body },
  })
  expect(response.envelope.status).toBe(10000)
  const at = (time: Date) => response.envelope.data.points.find((point) => point.at === time.toISOString())
  return { t1: at(T1), t2: at(T2) }
}

const statistics = async (token: string) =>
  (await app.call<{ total: number; online: number }>({ path: '/backend/device/statistics', token })).envelope
    .data

describe('the online-clients chart', () => {
  it('adds a device a role grants one by one outside the child’s projects, as the statistics count it', async () => {
    const token = await childSeeing([world.a.p2])
    // Both devices: the one in p2 through the project, the one in p1 through the role.
    expect(await statistics(token)).toMatchObject({ total: 2 })
    const { t1, t2 } = await chart(token)
    // p2's sums, plus the p1 device's own samples; the p2 device is in p2's sums already.
    expect(t1).toEqual({ at: T1.toISOString(), clients: 20 + 5, online_devices: 2 })
    expect(t2).toEqual({ at: T2.toISOString(), clients: 30 + 6, online_devices: 2 })
  })

  it('charts a child that sees no project but a single device', async () => {
    const token = await childSeeing([])
    expect(await statistics(token)).toMatchObject({ total: 1 })
    const { t1, t2 } = await chart(token)
    expect(t1).toEqual({ at: T1.toISOString(), clients: 5, online_devices: 1 })
    expect(t2).toEqual({ at: T2.toISOString(), clients: 6, online_devices: 1 })
  })

  it('narrows to a project subtree as the list does: the single device lies outside it', async () => {
    const token = await childSeeing([world.a.p2])
    const { t1, t2 } = await chart(token, { gid: world.a.p2 })
    expect(t1).toEqual({ at: T1.toISOString(), clients: 20, online_devices: 1 })
    expect(t2).toEqual({ at: T2.toISOString(), clients: 30, online_devices: 1 })
  })

  it('gives the primary account its projects’ sums, counting no device twice', async () => {
    const token = (await login(app, world.a.owner)).access_token
    const { t1, t2 } = await chart(token)
    expect(t1).toEqual({ at: T1.toISOString(), clients: 30, online_devices: 2 })
    expect(t2).toEqual({ at: T2.toISOString(), clients: 30, online_devices: 1 })
  })
})
