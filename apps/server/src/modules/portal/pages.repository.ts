import { and, count, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { portalPages } from '../../db/schema'
import { type PageRequest, pageWindow } from '../../lib/paging'

export type PortalPageRow = typeof portalPages.$inferSelect
export type PortalPageValues = Omit<typeof portalPages.$inferInsert, 'id' | 'tenantId' | 'createdAt'>

/** Portal pages (SQL only). */
export function pagesRepository(db: Executor) {
  return {
    async page(tenantId: number, request: PageRequest): Promise<{ total: number; rows: PortalPageRow[] }> {
      const { limit, offset } = pageWindow(request)
      const [totals] = await db
        .select({ n: count() })
        .from(portalPages)
        .where(eq(portalPages.tenantId, tenantId))
      const rows = await db
        .select()
        .from(portalPages)
        .where(eq(portalPages.tenantId, tenantId))
        .orderBy(portalPages.id)
        .limit(limit)
        .offset(offset)
      return { total: totals?.n ?? 0, rows }
    },

    async findInTenant(tenantId: number, id: number): Promise<PortalPageRow | undefined> {
      const [row] = await db
        .select()
        .from(portalPages)
        .where(and(eq(portalPages.tenantId, tenantId), eq(portalPages.id, id)))
      return row
    },

    async exists(id: number): Promise<boolean> {
      const rows = await db
        .select({ id: portalPages.id })
        .from(portalPages)
        .where(eq(portalPages.id, id))
        .limit(1)
      return rows.length > 0
    },

    async insert(tenantId: number, values: PortalPageValues): Promise<number> {
      const [row] = await db
        .insert(portalPages)
        .values({ tenantId, ...values })
        .returning({ id: portalPages.id })
      return row!.id
    },

    async update(tenantId: number, id: number, values: PortalPageValues): Promise<void> {
      await db
        .update(portalPages)
        .set(values)
        .where(and(eq(portalPages.tenantId, tenantId), eq(portalPages.id, id)))
    },

    async remove(tenantId: number, id: number): Promise<void> {
      await db.delete(portalPages).where(and(eq(portalPages.tenantId, tenantId), eq(portalPages.id, id)))
    },
  }
}
