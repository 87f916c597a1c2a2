import { eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { tenantMailSettings } from '../../db/schema'

export type MailSettingsRow = typeof tenantMailSettings.$inferSelect

export function mailSettingsRepository(db: Executor) {
  return {
    async find(tenantId: number): Promise<MailSettingsRow | undefined> {
      const [row] = await db
        .select()
        .from(tenantMailSettings)
        .where(eq(tenantMailSettings.tenantId, tenantId))
      return row
    },

    async save(tenantId: number, values: { host: string; port: number; address: string }): Promise<void> {
      await db
        .insert(tenantMailSettings)
        .values({ tenantId, ...values })
        .onConflictDoUpdate({
          target: tenantMailSettings.tenantId,
          set: { ...values, updatedAt: sql`now()` },
        })
    },
  }
}
