import { eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { preparedOnce } from '../../db/prepared-once'
import { portalMethods } from '../../db/schema'

export type MethodsRow = typeof portalMethods.$inferSelect
export type MethodsValues = Omit<typeof portalMethods.$inferInsert, 'tenantId' | 'smsTotal' | 'smsSent'>

/** The authentication methods of tenants, one row each (SQL only). */
export function methodsRepository(db: Executor) {
  const ofTenants = preparedOnce(() => prepareOfTenants(db))
  return {
    async find(tenantId: number): Promise<MethodsRow | undefined> {
      const [row] = await db.select().from(portalMethods).where(eq(portalMethods.tenantId, tenantId))
      return row
    },

    /** Several tenants' rows in one statement (guests' logins asking together). */
    async ofTenants(tenantIds: number[]): Promise<MethodsRow[]> {
      return ofTenants().execute({ tenantIds })
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

function prepareOfTenants(db: Executor) {
  return db
    .select()
    .from(portalMethods)
    .where(sql`${portalMethods.tenantId} = any(${sql.placeholder('tenantIds')}::integer[])`)
    .prepare('guest_methods_of_tenants')
}
