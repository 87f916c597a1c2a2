import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { tenants } from '../accounts/accounts.schema'
import { devices } from '../devices/devices.schema'
import { projects } from '../projects/projects.schema'
import { portalPages, portalStrategies } from './portal.schema'

/**
 * The portal of one SSID of one device (§7 auth/set): a radio's main SSID (`2g`, `5g`) or a
 * virtual AP (`vap1`-`vap3`). The page and strategy it uses cannot be deleted while it does
 * (NO ACTION, checked at the statement's end, so a tenant's deletion cascades cleanly: §8 "in use"); a portal turned off keeps them for next time. The device hears of it
 * through its shadow's `portal` section (docs/protocol.md).
 */
export const portalDeviceSettings = pgTable(
  'portal_device_settings',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    target: text('target').notNull(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull(),
    pageId: integer('page_id').references(() => portalPages.id, { onDelete: 'no action' }),
    strategyId: integer('strategy_id').references(() => portalStrategies.id, { onDelete: 'no action' }),
    methods: text('methods').array().notNull().default(sql`'{}'`),
    /** what the gateway does for new guests while the cloud is unreachable: open or closed */
    offlinePolicy: text('offline_policy').notNull().default('open'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.target] }),
    index('portal_device_settings_tenant_idx').on(t.tenantId),
    index('portal_device_settings_page_idx').on(t.pageId),
    index('portal_device_settings_strategy_idx').on(t.strategyId),
  ],
)

/**
 * Group roaming of a project (§7 auth/roam/*): a guest authenticated on one device of the project
 * is not asked again on another. A project without a row has it off.
 */
export const portalRoaming = pgTable('portal_roaming', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
