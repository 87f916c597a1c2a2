import { boolean, foreignKey, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { tenants } from '../accounts/accounts.schema'

/** Projects (work groups, §3). The tree itself is managed from the projects issue on. */
export const projects = pgTable(
  'projects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    address: text('address'),
    director: text('director'),
    remark: text('remark'),
    depth: smallint('depth').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('projects_tenant_parent_idx').on(t.tenantId, t.parentId),
    // A project with sub-projects cannot be deleted: the service says so first, this makes sure.
    foreignKey({ columns: [t.parentId], foreignColumns: [t.id], name: 'projects_parent_fk' }),
  ],
)
