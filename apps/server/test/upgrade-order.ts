import { sql } from 'drizzle-orm'
import { upgradesRepository } from '../src/modules/upgrades/upgrades.repository'
import { signedInTenant } from './devices'
import { uniqueName } from './factories'
import type { TestApp } from './test-app'

/**
 * A running upgrade order of `count` devices of a model of its own, written by the repository
 * alone (no broker, no engine): its devices in release order, none sent yet.
 */
export async function orderOfDevices(app: TestApp, count: number) {
  const db = app.database.db
  const name = uniqueName('t')
  const { accountId: createdBy, tenantId } = await signedInTenant(app)
  const { rows: product } = await db.execute<{ id: number }>(sql`insert into products
    (model, name, type, capabilities, mac_prefixes, product_key, product_secret)
    values (${name}, ${name}, 'ap', '{}', '{}', ${name}, 's') returning id`)
  const { rows: pkg } = await db.execute<{ id: number }>(sql`insert into firmware_packages
    (model, version, size, sha256, filename) values (${name}, '2.0', 1, ${name}, 'f') returning id`)
  const { rows: made } = await db.execute<{ id: number }>(sql`insert into devices
    (mac, thing_name, product_id, secret_hash, tenant_id)
    select ${name} || n, ${name} || n, ${product[0]!.id}, 'h', ${tenantId} from generate_series(1, ${count}) n
    order by n returning id`)
  const deviceIds = made.map((row) => row.id)
  const orders = upgradesRepository(db)
  const order = await orders.insertOrder({
    tenantId,
    createdBy,
    packageId: pkg[0]!.id,
    model: name,
    targetVersion: '2.0',
    timing: 'immediate',
    startAt: new Date(),
    options: { waitOffline: false },
    status: 'running',
    windowEnd: new Date(Date.now() + 3_600_000),
  })
  await orders.insertDevices(
    order.id,
    deviceIds.map((deviceId, position) => ({
      deviceId,
      position,
      canary: position < 2,
      mac: `m${position}`,
      fromVersion: '1.0',
    })),
  )
  return { orderId: order.id, deviceIds }
}
