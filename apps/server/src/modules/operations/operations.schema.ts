import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { accounts, tenants } from '../accounts/accounts.schema'

/** The operation log (§3 "Operation and upgrade logs"): who did what, to which devices, and how it went. */
export const operationLogs = pgTable(
  'operation_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** the account name at the time, kept when the account goes */
    accountName: text('account_name').notNull(),
    /** e.g. device.setwifi, device.restart, device.bind */
    action: text('action').notNull(),
    /** what changed: {before, after} or the command's parameters (secrets left out) */
    detail: jsonb('detail').notNull(),
    /** pending, success, failed, partial */
    result: text('result').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('operation_logs_tenant_created_idx').on(t.tenantId, t.createdAt)],
)

/** Each device an operation touched, and how it went for that device (batch progress). */
export const operationTargets = pgTable(
  'operation_targets',
  {
    operationId: integer('operation_id')
      .notNull()
      .references(() => operationLogs.id, { onDelete: 'cascade' }),
    // No foreign key: the log outlives the devices it names (their MAC says which).
    deviceId: integer('device_id').notNull(),
    mac: text('mac').notNull(),
    /** pending, applying, success, failed */
    status: text('status').notNull(),
    reason: text('reason'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.operationId, t.deviceId] }),
    index('operation_targets_device_idx').on(t.deviceId),
  ],
)
