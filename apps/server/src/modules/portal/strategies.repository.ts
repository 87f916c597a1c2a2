import { and, count, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { portalStrategies } from '../../db/schema'
import { type PageRequest, pageWindow } from '../../lib/paging'

export type StrategyRow = typeof portalStrategies.$inferSelect
export type StrategyValues = Omit<typeof portalStrategies.$inferInsert, 'id' | 'tenantId' | 'createdAt'>

/** The authentication strategies of tenants (SQL only). */
export function strategiesRepository(db: Executor) {
  return {
    async page(tenantId: number, request: PageRequest): Promise<{ total: number; rows: StrategyRow[] }> {
      const { limit, offset } = pageWindow(request)
      const [totals] = await db
        .select({ n: count() })
        .from(portalStrategies)
        .where(eq(portalStrategies.tenantId, tenantId))
      const rows = await db
        .select()
        .from(portalStrategies)
        .where(eq(portalStrategies.tenantId, tenantId))
        .orderBy(portalStrategies.id)
        .limit(limit)
        .offset(offset)
      return { total: totals?.n ?? 0, rows }
    },

    async findInTenant(tenantId: number, id: number): Promise<StrategyRow | undefined> {
      const [row] = await db
        .select()
        .from(portalStrategies)
        .where(and(eq(portalStrategies.tenantId, tenantId), eq(portalStrategies.id, id)))
      return row
    },

    /** Whether any tenant has a strategy with this id (to tell "not yours" from "no such strategy"). */
    async exists(id: number): Promise<boolean> {
      const rows = await db
        .select({ id: portalStrategies.id })
        .from(portalStrategies)
        .where(eq(portalStrategies.id, id))
        .limit(1)
      return rows.length > 0
    },

    async nameTaken(tenantId: number, name: string, exceptId?: number): Promise<boolean> {
      const rows = await db
        .select({ id: portalStrategies.id })
        .from(portalStrategies)
        .where(
          and(
            eq(portalStrategies.tenantId, tenantId),
            sql`lower(${portalStrategies.name}) = lower(${name})`,
            exceptId === undefined ? undefined : sql`${portalStrategies.id} <> ${exceptId}`,
          ),
        )
        .limit(1)
      return rows.length > 0
    },

    async insert(tenantId: number, values: StrategyValues): Promise<number> {
      const [row] = await db
        .insert(portalStrategies)
        .values({ tenantId, ...values })
        .returning({ id: portalStrategies.id })
      return row!.id
    },

    async update(tenantId: number, id: number, values: StrategyValues): Promise<void> {
      await db
        .update(portalStrategies)
        .set(values)
        .where(and(eq(portalStrategies.tenantId, tenantId), eq(portalStrategies.id, id)))
    },

    async remove(tenantId: number, id: number): Promise<void> {
      await db
        .delete(portalStrategies)
        .where(and(eq(portalStrategies.tenantId, tenantId), eq(portalStrategies.id, id)))
    },
  }
}
