import { and, count, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { accountRoles, projects, roleProjects } from '../../db/schema'

export const ROOT_PROJECT_NAME = 'My Project'

export type ProjectRow = typeof projects.$inferSelect

export function projectsRepository(db: Executor) {
  return {
    /** The tenant's system-default root project (§3), created with the tenant. */
    async insertRoot(tenantId: number): Promise<number> {
      const [row] = await db
        .insert(projects)
        .values({ tenantId, name: ROOT_PROJECT_NAME, depth: 1, isDefault: true })
        .returning({ id: projects.id })
      return row!.id
    },

    /** Every project of a tenant: trees are small enough to work on whole (2,000 in ~5 ms). */
    async listForTenant(tenantId: number): Promise<ProjectRow[]> {
      return db.select().from(projects).where(eq(projects.tenantId, tenantId)).orderBy(projects.id)
    },

    async insert(values: typeof projects.$inferInsert): Promise<number> {
      const [row] = await db.insert(projects).values(values).returning({ id: projects.id })
      return row!.id
    },

    async update(id: number, values: Partial<typeof projects.$inferInsert>): Promise<void> {
      await db.update(projects).set(values).where(eq(projects.id, id))
    },

    /** Shifts the depth of a moved subtree. */
    async shiftDepth(ids: number[], delta: number): Promise<void> {
      if (delta === 0 || ids.length === 0) return
      await db
        .update(projects)
        .set({ depth: sql`${projects.depth} + ${delta}` })
        .where(inArray(projects.id, ids))
    },

    async remove(id: number): Promise<void> {
      await db.delete(projects).where(eq(projects.id, id))
    },

    /** Whether a role that manages the project is bound to some account (§6). */
    async isBoundToAccounts(projectId: number): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(roleProjects)
        .innerJoin(accountRoles, eq(accountRoles.roleId, roleProjects.roleId))
        .where(eq(roleProjects.projectId, projectId))
      return (row?.n ?? 0) > 0
    },

    async countInTenant(tenantId: number, ids: number[]): Promise<number> {
      if (ids.length === 0) return 0
      const [row] = await db
        .select({ n: count() })
        .from(projects)
        .where(and(eq(projects.tenantId, tenantId), inArray(projects.id, ids)))
      return row?.n ?? 0
    },
  }
}
