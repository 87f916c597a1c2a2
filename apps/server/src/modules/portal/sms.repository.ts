import { and, count, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { portalSmsCodes } from '../../db/schema'

export type SmsCodeRow = typeof portalSmsCodes.$inferSelect

/** The SMS codes sent for tenants (SQL only): what the §9 quotas count and what guests' codes match. */
export function smsCodesRepository(db: Executor) {
  return {
    async sentSince(tenantId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(portalSmsCodes)
        .where(and(eq(portalSmsCodes.tenantId, tenantId), gte(portalSmsCodes.sentAt, since)))
      return row?.n ?? 0
    },

    async sentToPhoneSince(tenantId: number, phone: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(portalSmsCodes)
        .where(
          and(
            eq(portalSmsCodes.tenantId, tenantId),
            eq(portalSmsCodes.phone, phone),
            gte(portalSmsCodes.sentAt, since),
          ),
        )
      return row?.n ?? 0
    },

    async sentForClientSince(tenantId: number, client: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(portalSmsCodes)
        .where(
          and(
            eq(portalSmsCodes.tenantId, tenantId),
            eq(portalSmsCodes.client, client),
            gte(portalSmsCodes.sentAt, since),
          ),
        )
      return row?.n ?? 0
    },

    async insert(values: {
      tenantId: number
      phone: string
      client: string
      codeHash: string
      sentAt: Date
      expiresAt: Date
    }): Promise<number> {
      const [row] = await db.insert(portalSmsCodes).values(values).returning({ id: portalSmsCodes.id })
      return row!.id
    },

    async remove(id: number): Promise<void> {
      await db.delete(portalSmsCodes).where(eq(portalSmsCodes.id, id))
    },

    /** The newest unused, unexpired code of a phone, locked while it is checked. */
    async latestOpen(tenantId: number, phone: string, now: Date): Promise<SmsCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(portalSmsCodes)
        .where(
          and(
            eq(portalSmsCodes.tenantId, tenantId),
            eq(portalSmsCodes.phone, phone),
            isNull(portalSmsCodes.usedAt),
            gt(portalSmsCodes.expiresAt, now),
          ),
        )
        .orderBy(desc(portalSmsCodes.sentAt), desc(portalSmsCodes.id))
        .limit(1)
        .for('update')
      return row
    },

    async countAttempt(id: number): Promise<void> {
      await db
        .update(portalSmsCodes)
        .set({ attempts: sql`${portalSmsCodes.attempts} + 1` })
        .where(eq(portalSmsCodes.id, id))
    },

    async markUsed(id: number, now: Date): Promise<void> {
      await db.update(portalSmsCodes).set({ usedAt: now }).where(eq(portalSmsCodes.id, id))
    },
  }
}
