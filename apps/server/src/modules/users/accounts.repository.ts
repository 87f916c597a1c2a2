import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { ACCOUNT_ENABLED, accounts, tenants } from '../../db/schema'

export type AccountRow = typeof accounts.$inferSelect

const sameText = (column: typeof accounts.username | typeof accounts.email, value: string) =>
  sql`lower(${column}) = lower(${value})`

export function accountsRepository(db: Executor) {
  return {
    async findById(id: number): Promise<AccountRow | undefined> {
      const [row] = await db.select().from(accounts).where(eq(accounts.id, id))
      return row
    },

    async findByUsername(username: string): Promise<AccountRow | undefined> {
      const [row] = await db.select().from(accounts).where(sameText(accounts.username, username))
      return row
    },

    async findPrimaryOfTenant(tenantId: number): Promise<AccountRow | undefined> {
      const [row] = await db
        .select()
        .from(accounts)
        .where(and(eq(accounts.tenantId, tenantId), eq(accounts.isPrimary, true)))
      return row
    },

    /** Every account of a tenant, its primary first (alarm receivers, modules/alarms). */
    async listOfTenant(tenantId: number): Promise<AccountRow[]> {
      return db
        .select()
        .from(accounts)
        .where(eq(accounts.tenantId, tenantId))
        .orderBy(sql`${accounts.isPrimary} desc`, accounts.id)
    },

    /** Every account of these tenants, each tenant's primary first (a batch of alarms' receivers). */
    async listOfTenants(tenantIds: number[]): Promise<AccountRow[]> {
      if (tenantIds.length === 0) return []
      return db
        .select()
        .from(accounts)
        .where(inArray(accounts.tenantId, tenantIds))
        .orderBy(accounts.tenantId, sql`${accounts.isPrimary} desc`, accounts.id)
    },

    async enabledAfter(afterId: number, limit: number): Promise<Array<{ id: number; tenantId: number }>> {
      return db
        .select({ id: accounts.id, tenantId: accounts.tenantId })
        .from(accounts)
        .where(and(gt(accounts.id, afterId), eq(accounts.status, ACCOUNT_ENABLED)))
        .orderBy(accounts.id)
        .limit(limit)
    },

    async findByPhone(countryCode: string, phone: string): Promise<AccountRow | undefined> {
      const [row] = await db
        .select()
        .from(accounts)
        .where(and(eq(accounts.countryCode, countryCode), eq(accounts.phone, phone)))
      return row
    },

    /** Which of the given identifiers already belong to an account other than `exceptId`. */
    async takenIdentifiers(
      candidate: { username?: string; email?: string; countryCode?: string; phone?: string },
      exceptId?: number,
    ) {
      const others = exceptId === undefined ? undefined : ne(accounts.id, exceptId)
      const exists = async (condition: ReturnType<typeof sql> | ReturnType<typeof and>) => {
        const rows = await db
          .select({ id: accounts.id })
          .from(accounts)
          .where(and(condition, others))
          .limit(1)
        return rows.length > 0
      }
      return {
        username: candidate.username ? await exists(sameText(accounts.username, candidate.username)) : false,
        email: candidate.email ? await exists(sameText(accounts.email, candidate.email)) : false,
        phone:
          candidate.countryCode && candidate.phone
            ? await exists(
                and(eq(accounts.countryCode, candidate.countryCode), eq(accounts.phone, candidate.phone)),
              )
            : false,
      }
    },

    async createTenant(): Promise<number> {
      const [row] = await db.insert(tenants).values({}).returning({ id: tenants.id })
      return row!.id
    },

    async insert(values: typeof accounts.$inferInsert): Promise<AccountRow> {
      const [row] = await db.insert(accounts).values(values).returning()
      return row!
    },

    async update(id: number, values: Partial<typeof accounts.$inferInsert>): Promise<void> {
      await db.update(accounts).set(values).where(eq(accounts.id, id))
    },

    async updateMany(ids: number[], values: Partial<typeof accounts.$inferInsert>): Promise<void> {
      await db.update(accounts).set(values).where(inArray(accounts.id, ids))
    },

    /** The accounts with these ids, in the order given. */
    async findManyInOrder(ids: number[]): Promise<AccountRow[]> {
      if (ids.length === 0) return []
      const rows = await db.select().from(accounts).where(inArray(accounts.id, ids))
      const byId = new Map(rows.map((row) => [row.id, row]))
      return ids.flatMap((id) => byId.get(id) ?? [])
    },

    /** Which of the given ids are child accounts of the tenant. */
    async childIdsIn(tenantId: number, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return []
      const rows = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.tenantId, tenantId), eq(accounts.isPrimary, false), inArray(accounts.id, ids)))
      return rows.map((row) => row.id)
    },

    async removeMany(ids: number[]): Promise<void> {
      await db.delete(accounts).where(inArray(accounts.id, ids))
    },
  }
}
