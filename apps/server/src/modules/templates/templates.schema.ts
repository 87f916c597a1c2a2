import { sql } from 'drizzle-orm'
import { customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { accounts, tenants } from '../accounts/accounts.schema'
import { devices } from '../devices/devices.schema'
import { projects } from '../projects/projects.schema'

/** PostgreSQL bytea as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })

/**
 * A configuration template (§3: name, creating account): the device settings sections it sets
 * (system, WiFi) in the shapes the device settings use. `settings` holds them without secrets
 * (what the console is shown); `secrets` the whole settings with their WiFi passwords, sealed
 * (db/secrets.ts). `version` grows with every edit: a device shows whether it got the latest.
 * Names are unique per creating account, case-blind (§8 "File already exists"): a child
 * administrator manages only its own templates, and must not learn the names of the others.
 */
export const configTemplates = pgTable(
  'config_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    settings: jsonb('settings').notNull(),
    secrets: bytea('secrets').notNull(),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    /** the creating account's name, kept when the account goes (§3 "creating account") */
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('config_templates_creator_name_key').on(t.tenantId, t.createdBy, sql`lower(${t.name})`),
  ],
)

/**
 * A project whose devices get a template automatically (§4 "automatic"): every device bound or
 * moved into it (or a sub-project without one of its own) gets it, and its edits roll out.
 * A template named here is in use and cannot be deleted.
 */
export const projectTemplates = pgTable('project_templates', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  templateId: integer('template_id')
    .notNull()
    .references(() => configTemplates.id, { onDelete: 'restrict' }),
  setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The template a device got and how (§4 config application: manual or automatic; no row is "not
 * applied"): the template's version it got, and the settings operations that carried it, whose
 * executions say whether it is in sync. `refusal` says why an automatic application could not go
 * to this device (its model has no such radio, say).
 */
export const deviceTemplates = pgTable(
  'device_templates',
  {
    deviceId: integer('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => configTemplates.id, { onDelete: 'restrict' }),
    mode: text('mode').notNull(),
    templateVersion: integer('template_version').notNull(),
    /** the settings operation of each section the template set: { system: 12, wifi: 13 } */
    operations: jsonb('operations').notNull(),
    refusal: text('refusal'),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('device_templates_template_idx').on(t.templateId, t.mode)],
)
