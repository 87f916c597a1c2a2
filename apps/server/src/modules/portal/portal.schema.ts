import { sql } from 'drizzle-orm'
import { customType, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { tenants } from '../accounts/accounts.schema'

/**
 * An authentication strategy (§3): how long a guest stays authenticated (validity, 1-7 days or
 * permanent), how long one gateway session lasts, the rates and quotas a gateway applies, and the
 * addresses never asked to log in (white lists) or never let in (black lists). Portal settings
 * that use a strategy reference it with ON DELETE RESTRICT, so one in use cannot be deleted.
 */
export const portalStrategies = pgTable(
  'portal_strategies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** null: permanent */
    validityDays: integer('validity_days'),
    /** 0: up to the validity */
    sessionMinutes: integer('session_minutes').notNull().default(0),
    /** kbit/s and MB; 0: no limit */
    uploadKbps: integer('upload_kbps').notNull().default(0),
    downloadKbps: integer('download_kbps').notNull().default(0),
    uploadQuotaMb: integer('upload_quota_mb').notNull().default(0),
    downloadQuotaMb: integer('download_quota_mb').notNull().default(0),
    /** IPv4 addresses and MACs as stored (xx:xx:xx:xx:xx:xx, upper case) */
    ipWhitelist: text('ip_whitelist').array().notNull().default(sql`'{}'`),
    ipBlacklist: text('ip_blacklist').array().notNull().default(sql`'{}'`),
    macWhitelist: text('mac_whitelist').array().notNull().default(sql`'{}'`),
    macBlacklist: text('mac_blacklist').array().notNull().default(sql`'{}'`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('portal_strategies_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
)

/** PostgreSQL bytea as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })

/**
 * A picture for portal pages (banner, tips picture): stored as the server re-encoded it (JPEG or
 * PNG, metadata stripped, at most the page's width), never as uploaded. A page that shows one
 * references it (NO ACTION: checked at the statement's end, so a tenant's deletion cascades cleanly).
 */
export const portalPictures = pgTable(
  'portal_pictures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('portal_pictures_tenant_idx').on(t.tenantId)],
)

/** A portal page (§3): what guests see before they are let in, and where they go after. */
export const portalPages = pgTable(
  'portal_pages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    displayType: text('display_type').notNull(),
    title: text('title').notNull(),
    tips: text('tips').notNull(),
    bannerPictureId: integer('banner_picture_id').references(() => portalPictures.id, {
      onDelete: 'no action',
    }),
    tipsPictureId: integer('tips_picture_id').references(() => portalPictures.id, { onDelete: 'no action' }),
    guideUrl: text('guide_url').notNull(),
    scheme: text('scheme').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('portal_pages_tenant_idx').on(t.tenantId)],
)
