import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { tenants } from '../accounts/accounts.schema'

/**
 * A tenant's authentication methods (§1, /auth/method): click-through with its terms per guest
 * language, members, SMS codes with the §9 quotas. The row is also the lock every SMS send of the
 * tenant takes (SELECT … FOR UPDATE), so the quotas hold under concurrent sends.
 */
export const portalMethods = pgTable('portal_methods', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  noauthEnabled: boolean('noauth_enabled').notNull().default(false),
  /** the click-through terms by guest language (en-us, zh-cn, es) */
  terms: jsonb('terms').$type<Record<string, string>>().notNull().default({}),
  memberEnabled: boolean('member_enabled').notNull().default(false),
  smsEnabled: boolean('sms_enabled').notNull().default(false),
  smsDailyTotal: integer('sms_daily_total').notNull().default(100),
  smsPhonePeriod: text('sms_phone_period').notNull().default('five_minutes'),
  smsPhoneMax: integer('sms_phone_max').notNull().default(1),
  smsClientMax: integer('sms_client_max').notNull().default(3),
  /** §3 "total": the codes the tenant may send altogether (granted by the operator) */
  smsTotal: integer('sms_total').notNull().default(1000),
  /** codes sent altogether; remaining = total − sent */
  smsSent: integer('sms_sent').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** A member (§3): an account a guest logs in with; the password is stored as an argon2id hash. */
export const portalMembers = pgTable(
  'portal_members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    account: text('account').notNull(),
    passwordHash: text('password_hash').notNull(),
    info: text('info').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('portal_members_tenant_account_key').on(t.tenantId, sql`lower(${t.account})`)],
)

/**
 * One SMS code sent: what the quotas count (per tenant and day, per phone, per client) and what a
 * guest's code is checked against (only its hash is kept).
 */
export const portalSmsCodes = pgTable(
  'portal_sms_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    client: text('client').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('portal_sms_codes_tenant_sent_idx').on(t.tenantId, t.sentAt),
    index('portal_sms_codes_phone_idx').on(t.tenantId, t.phone, t.sentAt),
    index('portal_sms_codes_client_idx').on(t.tenantId, t.client, t.sentAt),
  ],
)
