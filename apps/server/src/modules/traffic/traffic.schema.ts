import { bigint, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core'
import { tenants } from '../accounts/accounts.schema'
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
