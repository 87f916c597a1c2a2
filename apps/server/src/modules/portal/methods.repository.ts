import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { portalMethods } from '../../db/schema'

export type MethodsRow = typeof portalMethods.$inferSelect
export type MethodsValues = Omit<typeof portalMethods.$inferInsert, 'tenantId' | 'smsTotal' | 'smsSent'>

/** The authentication methods of tenants, one row each (SQL only). */
export function methodsRepository(db: Executor) {
  return {
    async find(tenantId: number): Promise<MethodsRow | undefined> {
      const [row] = await db.select().from(portalMethods).where(eq(portalMethods.tenantId, tenantId))
      return row
    },

    /** The row, locked until the transaction ends: every SMS send of the tenant queues here. */
    async lock(tenantId: number): Promise<MethodsRow | undefined> {
      const [row] = await db
        .select()
        .from(portalMethods)
        .where(eq(portalMethods.tenantId, tenantId))
        .for('update')
      return row
    },

    async upsert(tenantId: number, values: MethodsValues): Promise<void> {
      await db
        .insert(portalMethods)
        .values({ tenantId, ...values })
        .onConflictDoUpdate({ target: portalMethods.tenantId, set: { ...values, updatedAt: new Date() } })
    },

    async setSent(tenantId: number, sent: number): Promise<void> {
      await db.update(portalMethods).set({ smsSent: sent }).where(eq(portalMethods.tenantId, tenantId))
    },
  }
}
