import type { AlarmRules } from '@canopy/shared/validation'
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { accounts, tenants } from '../accounts/accounts.schema'
import { devices } from '../devices/devices.schema'
import { projects } from '../projects/projects.schema'

/** Who hears of a device's alarms, and how besides the console's system messages. */
export interface AlarmNotice {
  email: boolean
  wechat: boolean
  /** receiving accounts: the tenant's primary account and its children */
  uids: number[]
}

/**
 * Alarm settings (§3, issue 15) of a device or of a project (exactly one). A device's null rules
 * or notice inherit those of its nearest project up the tree that has them; a project's mute
 * covers the devices of its subtree.
 */
export const alarmSettings = pgTable(
  'alarm_settings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    rules: jsonb('rules').$type<AlarmRules>(),
    notice: jsonb('notice').$type<AlarmNotice>(),
    /** maintenance: nothing fires before this time (pending conditions wait for it) */
    mutedUntil: timestamp('muted_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alarm_settings_device_idx').on(t.deviceId),
    uniqueIndex('alarm_settings_project_idx').on(t.projectId),
    index('alarm_settings_tenant_idx').on(t.tenantId),
    check('alarm_settings_one_target', sql`(${t.deviceId} is null) <> (${t.projectId} is null)`),
  ],
)

/**
 * One alarm of a device and category: `pending` while its condition holds but not yet for its
 * interval (a row, so a restart loses nothing), then `active` once fired, `recovered` when the
 * condition cleared. A pending condition that clears leaves no row. At most one open (pending or
 * active) row per device and category: the unique index is what makes an alarm fire once even
 * when two instances, or a process and its restart, evaluate the same report.
 * `notified` / `recovery_notified` say the system message was posted (a restart posts what a
 * killed process had not).
 */
export const alarms = pgTable(
  'alarms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    state: text('state').notNull(),
    /** the reading that opened it (CPU %, dBm, clients…), and the threshold it broke */
    value: doublePrecision('value'),
    threshold: doublePrecision('threshold'),
    /** what the reading said beyond a number (the new WAN IP, a failed upgrade's reason) */
    detail: text('detail'),
    /** since when the condition has held; it fires at pending_since + interval */
    pendingSince: timestamp('pending_since', { withTimezone: true }).notNull(),
    fireAt: timestamp('fire_at', { withTimezone: true }).notNull(),
    firedAt: timestamp('fired_at', { withTimezone: true }),
    recoveredAt: timestamp('recovered_at', { withTimezone: true }),
    notified: boolean('notified').notNull().default(false),
    recoveryNotified: boolean('recovery_notified').notNull().default(false),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: integer('acknowledged_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('alarms_open_idx').on(t.deviceId, t.category).where(sql`${t.state} in ('pending', 'active')`),
    index('alarms_device_idx').on(t.deviceId, t.firedAt),
    index('alarms_tenant_fired_idx').on(t.tenantId, t.state, t.firedAt.desc().nullsFirst()),
    // What a restart reconciles: the due pending rows and the unposted messages.
    index('alarms_unfinished_idx')
      .on(t.id)
      .where(
        sql`${t.state} = 'pending' or (${t.state} <> 'pending' and not ${t.notified}) or (${t.state} = 'recovered' and not ${t.recoveryNotified})`,
      ),
  ],
)
