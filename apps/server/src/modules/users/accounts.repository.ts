import { and, count, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { accounts, tenants } from '../../db/schema'

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

    /** A page of a tenant's child accounts, newest first, with the total that matches. */
    async listChildren(
      tenantId: number,
      filter: { offset: number; limit: number; keyword?: string | undefined; status?: number | undefined },
    ) {
      const pattern = filter.keyword ? `%${filter.keyword.replace(/[\\%_]/g, '\\$&')}%` : undefined
      const where = and(
        eq(accounts.tenantId, tenantId),
        eq(accounts.isPrimary, false),
        pattern ? or(ilike(accounts.username, pattern), ilike(accounts.nickname, pattern)) : undefined,
        filter.status === undefined ? undefined : eq(accounts.status, filter.status),
      )
      // The total rides along with the page (one scan on the embedded database, not two).
      const page = await db
        .select({ account: accounts, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(accounts)
        .where(where)
        .orderBy(desc(accounts.id))
        .limit(filter.limit)
        .offset(filter.offset)
      if (page.length > 0) return { rows: page.map((row) => row.account), total: page[0]!.total }
      const [counted] = await db.select({ n: count() }).from(accounts).where(where)
      return { rows: [], total: counted?.n ?? 0 }
    },

    async countChildren(tenantId: number): Promise<{ total: number; enabled: number }> {
      const [row] = await db
        .select({ total: count(), enabled: sql<number>`count(*) filter (where ${accounts.status} = 1)::int` })
        .from(accounts)
        .where(and(eq(accounts.tenantId, tenantId), eq(accounts.isPrimary, false)))
      return { total: row?.total ?? 0, enabled: row?.enabled ?? 0 }
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
