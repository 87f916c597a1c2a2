import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { tenants } from '../accounts/accounts.schema'
import { projects } from '../projects/projects.schema'

/**
 * The product catalogue (§3 "Device" model; managed by platform operators with the CLI). Devices
 * are recognised by MAC prefix; a factory-fresh device registers with its product's key and
 * secret (docs/protocol.md, "Provisioning").
 */
export const products = pgTable('products', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  model: text('model').notNull().unique(),
  name: text('name').notNull(),
  /** ap, gateway, repeater, router4g */
  type: text('type').notNull(),
  published: boolean('published').notNull().default(false),
  capabilities: text('capabilities').array().notNull(),
  /** upper-case, colon-separated MAC prefixes this product's devices are made with */
  macPrefixes: text('mac_prefixes').array().notNull(),
  productKey: text('product_key').notNull().unique(),
  productSecret: text('product_secret').notNull(),
  /** what the model's settings may be: radios with channels per region, bandwidths, user limits */
  options: jsonb('options').notNull().default({}),
  createdAt: createdAt(),
})

/** A device's cloud identity, and — once bound — its place in a tenant's project tree. */
export const devices = pgTable(
  'devices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    mac: text('mac').notNull().unique(),
    thingName: text('thing_name').notNull().unique(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** sha256 of the device's MQTT secret (256 random bits: no slow hash needed) */
    secretHash: text('secret_hash').notNull(),
    /** the hash of its management account and password, as the device reports it */
    managementCredential: text('management_credential'),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    tenantId: integer('tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
    projectId: integer('project_id').references(() => projects.id),
    name: text('name'),
    remark: text('remark'),
    boundAt: timestamp('bound_at', { withTimezone: true }),
    status: text('status').notNull().default('offline'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    /** when the device last said it is online (its telemetry's time is device_metrics_latest.at) */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    firmware: text('firmware'),
    /** seconds between telemetry messages, as the device announced */
    telemetryInterval: integer('telemetry_interval'),
    /** the regulatory region the device reports (its WiFi channels depend on it) */
    region: text('region'),
    /** what the list's keyword matches (name or MAC), lower-cased once: LIKE on it is ~5× cheaper than ILIKE on both */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(coalesce(name, '') || ' ' || mac)`),
  },
  // Telemetry does not rewrite these rows (so the list's counts stay index-only); a status
  // message's last_seen_at is in no index, so that update stays heap-only (HOT).
  (t) => [
    index('devices_tenant_project_idx').on(t.tenantId, t.projectId),
    // The list's total: an index-only count for the usual filters.
    index('devices_list_filter_idx').on(t.tenantId, t.status, t.productId, t.projectId),
    index('devices_tenant_id_idx').on(t.tenantId, t.id),
    // The keyword search: LIKE '%…%' on name and MAC, served by trigrams (pg_trgm).
    index('devices_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
)
/**
 * The latest telemetry of each device: one row per device from its registration on (empty until
 * it reports), rewritten as it reports. Because every device has its row, the list can sort by
 * clients or uptime by walking these indexes and stop after the page.
 */
export const deviceMetricsLatest = pgTable(
  'device_metrics_latest',
  {
    deviceId: integer('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }),
    cpu: real('cpu'),
    mem: real('mem'),
    clients: integer('clients'),
    uptime: bigint('uptime', { mode: 'number' }),
    telemetry: jsonb('telemetry'),
    /**
     * when the device last said anything but a status or telemetry (a job update, a shadow
     * request: presence.ts `heard`), so the watchdog does not take a busy device offline. Kept here
     * and not in `devices.last_seen_at` so that hearing ten thousand devices does not rewrite
     * their device rows (the list's count stays index-only).
     */
    heardAt: timestamp('heard_at', { withTimezone: true }),
  },
  (t) => [
    index('device_metrics_latest_clients_idx').on(t.clients.desc().nullsLast(), t.deviceId.desc()),
    index('device_metrics_latest_uptime_idx').on(t.uptime.desc().nullsLast(), t.deviceId.desc()),
  ],
)

/**
 * Telemetry history for charts: one sample per device per sampling interval, kept for a while.
 * Byte counters are kept as the device reported them (null when it reports none); throughput is
 * computed from two samples' difference (traffic.repository.ts), the uptime telling a restart.
 */
export const deviceMetrics = pgTable(
  'device_metrics',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    cpu: real('cpu').notNull(),
    mem: real('mem').notNull(),
    clients: integer('clients').notNull(),
    uptime: bigint('uptime', { mode: 'number' }),
    wanRx: bigint('wan_rx', { mode: 'number' }),
    wanTx: bigint('wan_tx', { mode: 'number' }),
    /** the radios of a band added up */
    radio2gRx: bigint('radio2g_rx', { mode: 'number' }),
    radio2gTx: bigint('radio2g_tx', { mode: 'number' }),
    radio5gRx: bigint('radio5g_rx', { mode: 'number' }),
    radio5gTx: bigint('radio5g_tx', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.at] }), index('device_metrics_at_idx').on(t.at)],
)

/** Online clients per project over time (home chart), summed from the latest telemetry. */
export const clientCounts = pgTable(
  'client_counts',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    clients: integer('clients').notNull(),
    onlineDevices: integer('online_devices').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.projectId, t.at] }), index('client_counts_at_idx').on(t.at)],
)
