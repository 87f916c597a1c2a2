import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { tenants } from '../accounts/accounts.schema'
import { devices } from '../devices/devices.schema'
import { projects } from '../projects/projects.schema'

/**
 * WAN bytes per project and sampling interval (the home page's traffic chart): the housekeeping
 * adds up its devices' counter differences for the interval ending at `at`, so a chart over a
 * large fleet reads one row per project and interval instead of every device's samples.
 */
export const projectTraffic = pgTable(
  'project_traffic',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    rxBytes: bigint('rx_bytes', { mode: 'number' }).notNull(),
    txBytes: bigint('tx_bytes', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.projectId, t.at] }), index('project_traffic_at_idx').on(t.at)],
)

/** A counter's bytes over an hour and the milliseconds they were measured in (0 and 0: nothing measured). */
const measured = (counter: string) => ({
  bytes: bigint(counter, { mode: 'number' }).notNull().default(0),
  ms: bigint(`${counter}_ms`, { mode: 'number' }).notNull().default(0),
})
const wanRx = measured('wan_rx')
const wanTx = measured('wan_tx')
const radio2gRx = measured('radio2g_rx')
const radio2gTx = measured('radio2g_tx')
const radio5gRx = measured('radio5g_rx')
const radio5gTx = measured('radio5g_tx')

/**
 * One device's traffic per hour (the week chart): what the chart would add up from the hour's
 * samples — each counter's bytes and the milliseconds they span (pairs attributed to the hour of
 * their later sample), the clients summed and the samples counted — so a week reads 168 rows
 * instead of ~2,000 samples. Filed by the housekeeping for whole hours (traffic-rollup.ts).
 */
export const deviceTrafficHourly = pgTable(
  'device_traffic_hourly',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** the hour's start */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    samples: integer('samples').notNull(),
    clients: bigint('clients', { mode: 'number' }).notNull(),
    wanRx: wanRx.bytes,
    wanRxMs: wanRx.ms,
    wanTx: wanTx.bytes,
    wanTxMs: wanTx.ms,
    radio2gRx: radio2gRx.bytes,
    radio2gRxMs: radio2gRx.ms,
    radio2gTx: radio2gTx.bytes,
    radio2gTxMs: radio2gTx.ms,
    radio5gRx: radio5gRx.bytes,
    radio5gRxMs: radio5gRx.ms,
    radio5gTx: radio5gTx.bytes,
    radio5gTxMs: radio5gTx.ms,
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.hour] }), index('device_traffic_hourly_hour_idx').on(t.hour)],
)

/**
 * How far each rollup is filed: every hour before `filedUntil` is in it (hours are filed in
 * order, oldest first), so a chart reads the rollup before it and the samples from it on.
 */
export const trafficRollups = pgTable('traffic_rollups', {
  name: text('name').primaryKey(),
  filedUntil: timestamp('filed_until', { withTimezone: true }).notNull(),
})
