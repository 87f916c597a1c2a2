import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registeredDeviceIds } from '../../../test/devices'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { type StoredShadow, shadowRepository } from './shadow.repository'

/** Shadows stored together, each only if still at the version it was read at (or new). */
let app: TestApp
let deviceIds: number[]

const shadow = (version: number, led: boolean): StoredShadow => ({
  desired: { system: { led } },
  reported: {},
  metadata: { desired: {}, reported: {} },
  version,
})

beforeAll(async () => {
  app = await createTestApp()
  deviceIds = await registeredDeviceIds(app, 3)
})
afterAll(async () => {
  await app.close()
})

describe('shadows saved together', () => {
  it('stores the new and those still at the version read, and says which', async () => {
    const shadows = shadowRepository(app.database.db)
    const [first, second, third] = deviceIds as [number, number, number]
    // Two new shadows, one of them new no longer (another update stored it first).
    await shadows.saveMany([{ deviceId: third, shadow: shadow(1, true) }])
    expect(
      await shadows.saveManyIfAt([
        { deviceId: first, shadow: shadow(1, true), readAt: undefined },
        { deviceId: third, shadow: shadow(1, false), readAt: undefined },
      ]),
    ).toEqual([true, false])
    await shadows.saveMany([{ deviceId: second, shadow: shadow(1, true) }])
    // Read at 1: the first and the second move on; the third was read at a version long gone.
    expect(
      await shadows.saveManyIfAt([
        { deviceId: first, shadow: shadow(2, false), readAt: 1 },
        { deviceId: second, shadow: shadow(2, false), readAt: 1 },
        { deviceId: third, shadow: shadow(2, false), readAt: 7 },
      ]),
    ).toEqual([true, true, false])
    const stored = await shadows.findMany(deviceIds)
    expect(deviceIds.map((id) => stored.get(id)?.version)).toEqual([2, 2, 1])
    expect(stored.get(third)?.desired).toEqual({ system: { led: true } })
  })
})
