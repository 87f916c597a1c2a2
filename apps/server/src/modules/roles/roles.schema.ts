import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { accounts, tenants } from '../accounts/accounts.schema'
import { devices } from '../devices/devices.schema'
import { projects } from '../projects/projects.schema'

/**
 * A role (§3, §6): the console sections and device functions it grants, over the projects it
 * manages (with their sub-projects). A guest role grants viewing only.
 */
export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    menus: text('menus').array().notNull(),
    deviceFunctions: text('device_functions').array().notNull(),
    isGuest: boolean('is_guest').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roles_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
)

export const roleProjects = pgTable(
  'role_projects',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    // The service refuses to delete a project a bound role manages; otherwise the grant goes with it.
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.projectId] }),
    index('role_projects_project_idx').on(t.projectId),
  ],
)

export const accountRoles = pgTable(
  'account_roles',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    // A role bound to an account cannot be deleted (§6).
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.roleId] }), index('account_roles_role_idx').on(t.roleId)],
)
/** Devices a role manages one by one, beside the projects it manages (§6). */
export const roleDevices = pgTable(
  'role_devices',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.deviceId] }), index('role_devices_device_idx').on(t.deviceId)],
)
