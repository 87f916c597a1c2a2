import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { accounts } from '../accounts/accounts.schema'
import { devices } from '../devices/devices.schema'

/**
 * Where each settings section of a device stands (pending → applying → in sync, or failed with
 * the device's reason), with what it was before, so a change can be retried or reverted.
 */
export const deviceSettings = pgTable(
  'device_settings',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** system, network, wifi, repeater */
    section: text('section').notNull(),
    /** pending (device offline), applying, in_sync, failed */
    status: text('status').notNull(),
    reason: text('reason'),
    /** the section as it was before the change (secrets left out), for revert */
    previous: jsonb('previous'),
    /**
     * what the device must report for the change to be in sync: the change's values, secrets as
     * the hashes a device reports (null only on rows from before it was kept)
     */
    expected: jsonb('expected'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    requestedBy: integer('requested_by').references(() => accounts.id, { onDelete: 'set null' }),
    operationId: integer('operation_id'),
    /** the shadow version the change was written as: a device's failure names the version it refused */
    desiredVersion: integer('desired_version'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.section] })],
)
