import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core'
import { devices } from '../../modules/devices/devices.schema'

/** The AWS IoT Device Shadow of each device (classic, unnamed). */
export const deviceShadows = pgTable('device_shadows', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  desired: jsonb('desired').notNull(),
  reported: jsonb('reported').notNull(),
  metadata: jsonb('metadata').notNull(),
  version: integer('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
