import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { accounts, tenants } from '../accounts/accounts.schema'

/**
 * Every operation on devices, once (§3 "Operation and upgrade logs"): who did what, with what
 * detail. How it went is not stored here: it is read from the operation's executions (one per
 * device, `job_executions`), so the log, a batch's progress and a job's state never disagree.
 */
export const operationLogs = pgTable(
  'operation_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** the account name at the time, kept when the account goes; null: the server itself (a scheduled job) */
    accountName: text('account_name'),
    /** e.g. device.setwifi, device.restart, job.upgrade */
    action: text('action').notNull(),
    /** what changed: {section, before, after}, a command's parameters, or a job's id (secrets left out) */
    detail: jsonb('detail').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('operation_logs_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('operation_logs_tenant_action_created_idx').on(t.tenantId, t.action, t.createdAt),
  ],
)
