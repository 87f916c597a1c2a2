import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { accounts, tenants } from '../accounts/accounts.schema'

/** A system announcement (§3) published by an operator, in the three console languages. */
export const announcements = pgTable(
  'announcements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** { 'en-us': …, 'zh-cn': …, es: … } */
    title: jsonb('title').$type<Record<string, string>>().notNull(),
    body: jsonb('body').$type<Record<string, string>>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('announcements_published_idx').on(t.publishedAt.desc(), t.id.desc())],
)

/**
 * A system message (§2 /msg) of one account. Its wording is an i18n key with parameters, rendered
 * in the reader's language when read, never stored as text.
 */
export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** alarm, recovery, upgrade, inspection, announcement (MessageKind) */
    kind: text('kind').notNull(),
    titleKey: text('title_key').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull(),
    /** where the message leads in the console, e.g. /device/detail?id=7 */
    link: text('link'),
    /** the announcement it tells of, so one announcement reaches an account once */
    announcementId: integer('announcement_id').references(() => announcements.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // An account's list, newest first.
    index('messages_account_idx').on(t.accountId, t.id.desc()),
    // The badge: an account's unread count.
    index('messages_account_unread_idx').on(t.accountId).where(sql`${t.readAt} is null`),
    uniqueIndex('messages_announcement_key').on(t.accountId, t.announcementId),
  ],
)

/**
 * One push (e-mail or WeChat) of a message to its account: pending until delivered, in a digest
 * with the account's other pending pushes of that channel, or failed for good after its attempts.
 */
export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    /** email or wechat */
    channel: text('channel').notNull(),
    accountId: integer('account_id').notNull(),
    /** pending, sent, failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** a pending push is not tried again before this (back-off after a failed attempt) */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** why the last attempt failed (the mail server's or WeChat's words) */
    lastError: text('last_error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.channel] }),
    index('message_deliveries_pending_idx')
      .on(t.accountId, t.channel, t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
)

/** §3 "Email service" of a tenant: where its pushes are mailed from; the server's SMTP otherwise. */
export const tenantMailSettings = pgTable('tenant_mail_settings', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  host: text('host').notNull(),
  port: integer('port').notNull(),
  /** the sender address */
  address: text('address').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
