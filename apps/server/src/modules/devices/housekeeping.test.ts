import type { Fleet } from '@canopy/simulator'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { bindDevice, startTestFleet } from '../../../test/devices'
import { rootProjectOf, signedInAccount } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'
import type { Database } from '../../db/client'
import { clientCounts, deviceMetrics, devices } from '../../db/schema'
import { DeviceHousekeeping } from './housekeeping'

const DAY = 86_400_000
let app: TestApp
let fleet: Fleet
let deviceId: number
let tenantId: number

beforeAll(async () => {
  app = await createTestApp()
  fleet = await startTestFleet(app, { count: 1, models: ['CAP-1200'] })
  const owner = await signedInAccount(app)
  const root = await rootProjectOf(app, owner.token)
  deviceId = await bindDevice(app, owner.token, fleet.devices[0]!.mac, root)
  const [row] = await app.database.db
    .select({ tenantId: devices.tenantId })
    .from(devices)
    .where(eq(devices.id, deviceId))
  tenantId = row!.tenantId!
})
afterAll(async () => {
  await fleet.stop()
  await app.close()
})

describe('telemetry history pruning', () => {
  it('drops samples and client counts older than the retention period, and keeps the rest', async () => {
    const housekeeping = new DeviceHousekeeping({
      db: app.database.db,
      sampleSeconds: 300,
      retentionDays: 7,
      onError: (error) => {
        throw error
      },
    })
    const now = Date.now()
    // Whole minutes, so the samples line up with nothing else written meanwhile.
    const at = (days: number) => new Date(Math.floor((now - days * DAY) / 60_000) * 60_000)
    const ages = [30, 8, 7.01, 6.99, 1]
    await app.database.db
      .insert(deviceMetrics)
      .values(ages.map((days) => ({ deviceId, at: at(days), cpu: 10, mem: 20, clients: 3 })))
    for (const days of ages) await housekeeping.sampleClients(at(days))
    // The device's own reports may add a sample of today meanwhile: look at ours only.
    const ours = (rows: Array<{ at: Date }>) =>
      rows
        .map((row) => row.at.getTime())
        .filter((time) => ages.some((days) => at(days).getTime() === time))
        .sort((a, b) => a - b)
    const samples = async () =>
      ours(
        await app.database.db
          .select({ at: deviceMetrics.at })
          .from(deviceMetrics)
          .where(eq(deviceMetrics.deviceId, deviceId)),
      )
    const counts = async () =>
      ours(
        await app.database.db
          .select({ at: clientCounts.at })
          .from(clientCounts)
          .where(eq(clientCounts.tenantId, tenantId)),
      )
    expect(await samples()).toHaveLength(ages.length)
    expect(await counts()).toHaveLength(ages.length)

    await housekeeping.prune()

    const kept = [at(6.99), at(1)].map(Number)
    expect(await samples()).toEqual(kept)
    expect(await counts()).toEqual(kept)
  })
})

describe('a failed round', () => {
  it('is reported, not swallowed, and the rounds go on', async () => {
    const failures: Array<{ error: unknown; task: string }> = []
    const gone = new Error('database gone')
    const housekeeping = new DeviceHousekeeping({
      db: { execute: () => Promise.reject(gone) } as unknown as Database,
      sampleSeconds: 1,
      retentionDays: 7,
      onError: (error, task) => failures.push({ error, task }),
    })
    housekeeping.start()
    await vi.waitFor(() => expect(failures.length).toBeGreaterThanOrEqual(2), { timeout: 5000 })
    housekeeping.stop()
    expect(failures[0]).toEqual({ error: gone, task: 'sample' })
  })
})
