import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { accounts } from '../accounts/accounts.schema'
import { devices } from '../devices/devices.schema'

/**
 * Each settings section's last change on a device: what it was before (retry, revert), what the
 * device must report, the shadow version, and the operation whose execution on the device says
 * where the change stands (executions.ts: pending → applying → in sync, or failed with the
 * device's reason).
 */
export const deviceSettings = pgTable(
  'device_settings',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** system, network, wifi, repeater */
    section: text('section').notNull(),
    /** the section as it was before the change (secrets left out), for revert */
    previous: jsonb('previous'),
    /**
     * what the device must report for the change to be in sync: the change's values, secrets as
     * the hashes a device reports (null only on rows from before it was kept)
     */
    expected: jsonb('expected'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    requestedBy: integer('requested_by').references(() => accounts.id, { onDelete: 'set null' }),
    /** the operation whose execution on this device is the change's state */
    operationId: integer('operation_id'),
    /** the shadow version the change was written as: a device's failure names the version it refused */
    desiredVersion: integer('desired_version'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.section] })],
)
