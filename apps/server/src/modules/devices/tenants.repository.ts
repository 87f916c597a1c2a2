import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { tenants } from '../../db/schema'

export function tenantsRepository(db: Executor) {
  return {
    /** The tenant's own device limit, or undefined for the configured default. */
    async deviceLimit(tenantId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ limit: tenants.deviceLimit })
        .from(tenants)
        .where(eq(tenants.id, tenantId))
      return row?.limit ?? undefined
    },

    async setDeviceLimit(tenantId: number, limit: number | null): Promise<void> {
      await db.update(tenants).set({ deviceLimit: limit }).where(eq(tenants.id, tenantId))
    },
  }
}
