import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registeredDeviceIds } from '../../../test/devices'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { backupsRepository } from './backups.repository'

/** Drift baselines saved together, each only if its row is still as read (or still absent). */
let app: TestApp
let deviceIds: number[]

beforeAll(async () => {
  app = await createTestApp()
  deviceIds = await registeredDeviceIds(app, 3)
})
afterAll(async () => {
  await app.close()
})

describe('drift baselines saved together', () => {
  it('saves the new and those still as read, drift and all, and says which', async () => {
    const baselines = backupsRepository(app.database.db)
    const [first, second, third] = deviceIds as [number, number, number]
    const row = (deviceId: number, ssid: string, drift: unknown = null) => ({
      deviceId,
      tenantId: null,
      baseline: { wifi: { ssid } },
      drift,
    })
    expect(
      await baselines.saveBaselinesIfAt([
        { row: row(first, 'a'), read: undefined },
        { row: row(second, 'a'), read: undefined },
      ]),
    ).toEqual([true, true])
    // Still absent: no longer (another save came first).
    expect(await baselines.saveBaselinesIfAt([{ row: row(first, 'z'), read: undefined }])).toEqual([false])
    const [readFirst, readSecond] = await Promise.all([baselines.baseline(first), baselines.baseline(second)])
    await baselines.saveBaselinesIfAt([{ row: row(second, 'b'), read: readSecond }])
    // The first is as read and moves on, with a drift; the second changed since it was read.
    expect(
      await baselines.saveBaselinesIfAt([
        { row: row(first, 'c', { wifi: { ssid: 'local' } }), read: readFirst },
        { row: row(second, 'c'), read: readSecond },
        { row: row(third, 'c'), read: undefined },
      ]),
    ).toEqual([true, false, true])
    const stored = await baselines.baselinesOf(deviceIds)
    const byDevice = new Map(stored.map((entry) => [entry.deviceId, entry]))
    expect(byDevice.get(first)).toMatchObject({ baseline: { wifi: { ssid: 'c' } }, drifted: true })
    expect(byDevice.get(second)).toMatchObject({ baseline: { wifi: { ssid: 'b' } }, drifted: false })
    expect(byDevice.get(third)).toMatchObject({ baseline: { wifi: { ssid: 'c' } }, drift: null })
  })
})
