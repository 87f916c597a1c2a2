import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'

/** A tenant is one primary account's world: its child accounts, projects and devices. */
export const tenants = pgTable('tenants', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** how many devices the tenant may bind (§8 600000104); null means the configured default */
  deviceLimit: integer('device_limit'),
  createdAt: createdAt(),
})

export const ACCOUNT_ENABLED = 1
export const ACCOUNT_DISABLED = 0

export const accounts = pgTable(
  'accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname'),
    email: text('email'),
    countryCode: text('country_code'),
    phone: text('phone'),
    address: text('address'),
    status: smallint('status').notNull().default(ACCOUNT_ENABLED),
    isPrimary: boolean('is_primary').notNull(),
    level: smallint('level').notNull().default(0),
    isDeveloper: boolean('is_developer').notNull().default(false),
    wechatOpenId: text('wechat_open_id'),
    /** the console language the account last used (en-us, zh-cn, es): its pushes are written in it */
    language: text('language'),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('accounts_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('accounts_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('accounts_phone_key').on(t.countryCode, t.phone),
    // The child list: a tenant's children, newest first.
    index('accounts_tenant_children_idx').on(t.tenantId, t.isPrimary, t.id),
  ],
)
