import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { orderOfDevices } from '../../../test/upgrade-order'
import { upgradesRepository } from './upgrades.repository'

/**
 * An order's tally (devices waiting, upgrading, succeeded, failed; migration 0030's trigger)
 * against a count of its devices, after each kind of statement that changes them: the insert,
 * a release, verdicts, the window's expiry, a retry, and a device deleted from the cloud.
 */
let app: TestApp
let orderId: number
let deviceIds: number[]

const tally = async () => {
  const { rows } = await app.database.db.execute<Record<string, number>>(sql`select devices_total as total,
    devices_waiting as waiting, devices_upgrading as upgrading, devices_succeeded as succeeded,
    devices_failed as failed from upgrade_orders where id = ${orderId}`)
  return rows[0]
}
const counted = async () => {
  const { rows } = await app.database.db.execute<Record<string, number>>(sql`select count(*)::int as total,
    (count(*) filter (where outcome is null and wave is null))::int as waiting,
    (count(*) filter (where outcome is null and wave is not null))::int as upgrading,
    (count(*) filter (where outcome = 'success'))::int as succeeded,
    (count(*) filter (where outcome = 'failed'))::int as failed
    from upgrade_order_devices where order_id = ${orderId}`)
  return rows[0]
}

beforeAll(async () => {
  app = await createTestApp()
  ;({ orderId, deviceIds } = await orderOfDevices(app, 12))
})
afterAll(async () => {
  await app.close()
})

describe("an upgrade order's tally", () => {
  it('counts its devices as they are inserted, released, judged, expired, retried and deleted', async () => {
    const orders = upgradesRepository(app.database.db)
    expect(await tally()).toEqual({ total: 12, waiting: 12, upgrading: 0, succeeded: 0, failed: 0 })

    await orders.release(orderId, deviceIds.slice(0, 8), 1, 'upg-t-1')
    expect(await tally()).toEqual(await counted())
    const verdict = (deviceId: number, outcome: string) => ({
      deviceId,
      jobId: 'upg-t-1',
      outcome,
      reason: null,
    })
    await orders.judge(orderId, [
      ...deviceIds.slice(0, 5).map((id) => verdict(id, 'success')),
      ...deviceIds.slice(5, 7).map((id) => verdict(id, 'failed')),
    ])
    expect(await tally()).toEqual({ total: 12, waiting: 4, upgrading: 1, succeeded: 5, failed: 2 })

    await orders.expireUnsent(orderId)
    expect(await tally()).toEqual(await counted())
    await orders.release(orderId, deviceIds.slice(5, 7), 2, 'upg-t-r2', true)
    expect(await tally()).toEqual({ total: 12, waiting: 0, upgrading: 3, succeeded: 5, failed: 4 })

    // A device deleted from the cloud leaves its orders with it.
    await app.database.db.execute(
      sql`delete from devices where id = any(${sql.param(deviceIds.slice(0, 2))}::int[])`,
    )
    expect(await tally()).toEqual({ total: 10, waiting: 0, upgrading: 3, succeeded: 3, failed: 4 })
    expect(await tally()).toEqual(await counted())
  })

  it("deletes a device while the order's tick holds the order and judges that device, neither waiting on the other", async () => {
    const [deviceId] = deviceIds.slice(7, 8)
    const tick = await app.database.pool.connect()
    try {
      await tick.query('begin')
      await tick.query('select 1 from upgrade_orders where id = $1 for update', [orderId])
      // The deletion waits for the order, holding no order device the tick is about to judge.
      // (drizzle sends a query when it is first awaited: `then` sends it now)
      const deleted = app.database.db
        .execute(sql`delete from devices where id = ${deviceId}`)
        .then((result) => result.rowCount)
      await new Promise((resolve) => setTimeout(resolve, 200))
      await tick.query(
        `update upgrade_order_devices set outcome = 'success' where order_id = $1 and device_id = $2`,
        [orderId, deviceId],
      )
      await tick.query('commit')
      expect(await deleted).toBe(1)
    } finally {
      tick.release()
    }
    expect(await tally()).toEqual(await counted())
  })
})
