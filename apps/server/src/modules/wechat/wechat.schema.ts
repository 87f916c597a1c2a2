import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { accounts } from '../accounts/accounts.schema'

/** A QR code shown to bind an account's WeChat: the scene WeChat echoes back when scanned. */
export const wechatBindRequests = pgTable('wechat_bind_requests', {
  scene: text('scene').primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})

/** Short-lived credentials for outside services (the WeChat access token), shared by instances. */
export const integrationTokens = pgTable('integration_tokens', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})
