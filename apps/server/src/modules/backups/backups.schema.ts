import { sql } from 'drizzle-orm'
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { accounts, tenants } from '../accounts/accounts.schema'
import { devices } from '../devices/devices.schema'
import { projects } from '../projects/projects.schema'

/** PostgreSQL bytea as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })

/**
 * A backup run (issue 14): one `config-backup` job (gateway/jobs) for its devices, with who asked
 * and the note each of its backups keeps. The upload link a device receives names this row.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** the job's id; a scheduled run's is derived from its project and time, so it exists once */
    jobId: text('job_id').notNull().unique(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** the account that asked; null: the project's schedule */
    takenBy: integer('taken_by').references(() => accounts.id, { onDelete: 'set null' }),
    /** manual or schedule */
    source: text('source').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('backup_runs_tenant_idx').on(t.tenantId)],
)

/**
 * One version of a device's running configuration. `config` holds it with its secrets taken out;
 * `secrets` holds them (same paths) encrypted with the server's key (db/secrets.ts), so no answer
 * and no dump of this table shows one. Versions count up per device; the oldest beyond the
 * device's `keep` are deleted as a new one arrives.
 */
export const configBackups = pgTable(
  'config_backups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    runId: integer('run_id').references(() => backupRuns.id, { onDelete: 'set null' }),
    version: integer('version').notNull(),
    mac: text('mac').notNull(),
    model: text('model').notNull(),
    firmware: text('firmware'),
    /** the uploaded document's length and sha256 (lower-case hex), as the device sent it */
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    takenBy: integer('taken_by').references(() => accounts.id, { onDelete: 'set null' }),
    source: text('source').notNull(),
    note: text('note'),
    config: jsonb('config').notNull(),
    secrets: bytea('secrets').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('config_backups_device_version_key').on(t.deviceId, t.version),
    // Exactly one backup per device per run, however often the device uploads.
    uniqueIndex('config_backups_run_device_key').on(t.runId, t.deviceId),
    index('config_backups_tenant_idx').on(t.tenantId),
  ],
)

/** How many backups a device keeps (BACKUP_KEEP_DEFAULT when it has no row). */
export const backupRetention = pgTable('backup_retention', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  keep: integer('keep').notNull(),
})

/** A project's scheduled backup of all its devices: daily or weekly at a time of day (UTC). */
export const backupSchedules = pgTable('backup_schedules', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  /** daily or weekly */
  frequency: text('frequency').notNull(),
  /** 0 (Sunday) to 6, weekly only */
  weekday: integer('weekday'),
  /** hh:mm, UTC */
  time: text('time').notNull(),
  updatedBy: integer('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Drift (issue 14): what Canopy last set on a device (its running configuration as the device
 * reports it, secrets as hashes) and whether the device now reports something else there.
 */
export const configBaselines = pgTable(
  'config_baselines',
  {
    deviceId: integer('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** null until the device is bound: its first report (before binding) is its baseline all the same */
    tenantId: integer('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    baseline: jsonb('baseline').notNull(),
    /** the baseline's values the device no longer reports (what "put back" sends); null: none */
    drift: jsonb('drift'),
    drifted: boolean('drifted').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('config_baselines_drifted_idx').on(t.tenantId, t.deviceId).where(sql`${t.drifted}`)],
)
