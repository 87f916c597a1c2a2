import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { accounts, tenants } from '../accounts/accounts.schema'
import { devices } from '../devices/devices.schema'
import { firmwarePackages } from '../firmware/firmware.schema'

/**
 * Upgrade orders (§3 "Upgrade order", issue 13): which firmware goes to which devices, when, and
 * how the rollout goes. A device's progress is its job execution (gateway/jobs); an order device
 * keeps only what the order decides — when it was released and in which wave, its current job,
 * the retries used — and the verdict once its execution ended (docs/decisions.md, "Upgrades").
 */
export const upgradeOrders = pgTable(
  'upgrade_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** the number users see: UPG-YYYYMMDD-<id> (docs/decisions.md) */
    orderNo: text('order_no').notNull().unique(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    /** the firmware package (modules/firmware); its model, version and checksum as ordered */
    packageId: integer('package_id')
      .notNull()
      .references(() => firmwarePackages.id, { onDelete: 'restrict' }),
    model: text('model').notNull(),
    targetVersion: text('target_version').notNull(),
    /** immediate or timed (§4) */
    timing: text('timing').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    /** canary, ratePerMinute, concurrency, abort, waitOffline (upgrades.options.ts) */
    options: jsonb('options').notNull(),
    /** scheduled → running → finished | canceled | aborted */
    status: text('status').notNull(),
    /** after it nothing new starts and devices still waiting end failed (expired) */
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    /** why an order was aborted: canary_failed, failure_rate */
    endReason: text('end_reason'),
    /** the last wave released (0: none yet) */
    waves: integer('waves').notNull().default(0),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * Its devices by where they stand, kept by the database in every statement that changes
     * them (the trigger of migration 0030), so the order list reads them rather than counting
     * 10,000 rows of a running order on each refresh.
     */
    devicesTotal: integer('devices_total').notNull().default(0),
    devicesWaiting: integer('devices_waiting').notNull().default(0),
    devicesUpgrading: integer('devices_upgrading').notNull().default(0),
    devicesSucceeded: integer('devices_succeeded').notNull().default(0),
    devicesFailed: integer('devices_failed').notNull().default(0),
  },
  (t) => [
    index('upgrade_orders_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('upgrade_orders_package_idx').on(t.packageId),
    // Orders with work left: the engine's reconciliation after a restart reads only these.
    index('upgrade_orders_active_idx').on(t.id).where(sql`${t.status} in ('scheduled', 'running')`),
  ],
)

export const upgradeOrderDevices = pgTable(
  'upgrade_order_devices',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => upgradeOrders.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** the release order: the first ones make the canary wave */
    position: integer('position').notNull(),
    canary: boolean('canary').notNull().default(false),
    mac: text('mac').notNull(),
    fromVersion: text('from_version'),
    /** the wave it was released in; null while not sent */
    wave: integer('wave'),
    /** its current job (`upg-<order>-<device>`, `…-r<n>` for a retry) */
    jobId: text('job_id'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    retries: integer('retries').notNull().default(0),
    /** the verdict of its last execution: success or failed, with the reason */
    outcome: text('outcome'),
    reason: text('reason'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.deviceId] }),
    index('upgrade_order_devices_device_idx').on(t.deviceId, t.orderId),
    index('upgrade_order_devices_job_idx').on(t.jobId),
    // What the engine still has to send, in release order.
    index('upgrade_order_devices_unsent_idx').on(t.orderId, t.position).where(sql`${t.wave} is null`),
  ],
)
