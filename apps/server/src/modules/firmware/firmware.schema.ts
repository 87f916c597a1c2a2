import { sql } from 'drizzle-orm'
import { customType, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { accounts, tenants } from '../accounts/accounts.schema'

/** PostgreSQL bytea as a Buffer (pg returns bytea as a Buffer and sends a Buffer as bytea). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })

/**
 * A firmware package (§3): one image for one model and version. `tenant_id` null means an
 * operator published it for every tenant (`npm run canopy -- firmware publish`). Within a scope
 * (a tenant, or the public one) a model's version and an image's sha256 are each unique
 * ("File already exists"); the service also refuses a tenant's copy of a public package.
 */
export const firmwarePackages = pgTable(
  'firmware_packages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    version: text('version').notNull(),
    size: integer('size').notNull(),
    /** lower-case hex */
    sha256: text('sha256').notNull(),
    filename: text('filename').notNull(),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('firmware_packages_scope_model_version_key').on(
      sql`coalesce(${t.tenantId}, 0)`,
      t.model,
      t.version,
    ),
    uniqueIndex('firmware_packages_scope_sha256_key').on(sql`coalesce(${t.tenantId}, 0)`, t.sha256),
    index('firmware_packages_model_idx').on(t.model),
  ],
)

/**
 * A package's image bytes in the database, in chunks of at most 1 MiB (docs/decisions.md,
 * "Firmware images in the database"): every instance reaches them, a backup holds them, and a
 * Range request reads only the chunks it needs.
 */
export const firmwareChunks = pgTable(
  'firmware_chunks',
  {
    packageId: integer('package_id')
      .notNull()
      .references(() => firmwarePackages.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.seq] })],
)
