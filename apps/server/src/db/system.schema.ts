import { pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'

/** Secrets the cluster shares (token signing key), generated on first start. */
export const systemSecrets = pgTable('system_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
})
