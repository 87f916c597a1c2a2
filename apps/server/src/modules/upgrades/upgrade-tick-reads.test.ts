import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { orderOfDevices } from '../../../test/upgrade-order'
import { upgradesRepository } from './upgrades.repository'

/**
 * What an order's tick reads (upgrade-engine.ts): its devices sent and not judged, and the unsent
 * a page at a time in release order, never all of a 10,000-device order at once.
 */
let app: TestApp
let orderId: number
/** the order's devices in release order (positions 0 and 1 are the canary) */
let ids: number[]

beforeAll(async () => {
  app = await createTestApp()
  ;({ orderId, deviceIds: ids } = await orderOfDevices(app, 10))
  const orders = upgradesRepository(app.database.db)
  await orders.release(orderId, [ids[2]!, ids[3]!, ids[4]!], 1, 'upg-t-1')
  await orders.judge(orderId, [{ deviceId: ids[4]!, jobId: 'upg-t-1', outcome: 'success', reason: null }])
})
afterAll(async () => {
  await app.close()
})

describe("an upgrade order's tick reads", () => {
  it('the devices sent and not judged, in release order', async () => {
    const open = await upgradesRepository(app.database.db).openDevices(orderId)
    expect(open.map((device) => device.deviceId)).toEqual([ids[2], ids[3]])
  })

  it('the unsent a page at a time after a release position, the canary alone when asked', async () => {
    const orders = upgradesRepository(app.database.db)
    const pages: number[][] = []
    for (let after = -1; ; ) {
      const page = await orders.unsent(orderId, false, { after, limit: 3 })
      pages.push(page.map((device) => device.deviceId))
      if (page.length < 3) break
      after = page.at(-1)!.position
    }
    expect(pages).toEqual([[ids[0], ids[1], ids[5]], [ids[6], ids[7], ids[8]], [ids[9]]])
    const canary = await orders.unsent(orderId, true, { after: -1, limit: 3 })
    expect(canary.map((device) => device.deviceId)).toEqual([ids[0], ids[1]])
  })

  it('which of some devices are still unsent, in release order', async () => {
    const orders = upgradesRepository(app.database.db)
    expect(await orders.unsentAmong(orderId, [ids[9]!, ids[3]!, ids[0]!], false)).toEqual([ids[0], ids[9]])
    expect(await orders.unsentAmong(orderId, [ids[9]!, ids[0]!], true)).toEqual([ids[0]])
    expect(await orders.unsentAmong(orderId, [], false)).toEqual([])
  })
})
