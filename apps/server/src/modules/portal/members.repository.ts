import { and, count, eq, ilike, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { portalMembers, portalMethods } from '../../db/schema'
import { type PageRequest, pageWindow } from '../../lib/paging'

export type MemberRow = typeof portalMembers.$inferSelect
export type MemberValues = Omit<typeof portalMembers.$inferInsert, 'id' | 'tenantId' | 'createdAt'>

/** `%` and `_` typed into a search are letters, not wildcards. */
function containing(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** The members of tenants (SQL only). */
export function membersRepository(db: Executor) {
  const inTenant = (tenantId: number, search = '') =>
    and(
      eq(portalMembers.tenantId, tenantId),
      search === '' ? undefined : ilike(portalMembers.account, containing(search)),
    )
  return {
    async page(
      tenantId: number,
      request: PageRequest & { search: string },
    ): Promise<{ total: number; rows: MemberRow[] }> {
      const { limit, offset } = pageWindow(request)
      const where = inTenant(tenantId, request.search)
      const [totals] = await db.select({ n: count() }).from(portalMembers).where(where)
      const rows = await db
        .select()
        .from(portalMembers)
        .where(where)
        .orderBy(portalMembers.id)
        .limit(limit)
        .offset(offset)
      return { total: totals?.n ?? 0, rows }
    },

    async all(tenantId: number): Promise<MemberRow[]> {
      return db.select().from(portalMembers).where(inTenant(tenantId)).orderBy(portalMembers.id)
    },

    async findInTenant(tenantId: number, id: number): Promise<MemberRow | undefined> {
      const [row] = await db
        .select()
        .from(portalMembers)
        .where(and(inTenant(tenantId), eq(portalMembers.id, id)))
      return row
    },

    async findByAccount(tenantId: number, account: string): Promise<MemberRow | undefined> {
      const [row] = await db
        .select()
        .from(portalMembers)
        .where(and(inTenant(tenantId), sql`lower(${portalMembers.account}) = lower(${account})`))
      return row
    },

    /**
     * A guest's member login in one statement: whether the tenant's member method is on, and the
     * member of that account (case-blind) if there is one.
     */
    async forGuestLogin(
      tenantId: number,
      account: string,
    ): Promise<{ memberEnabled: boolean; member: MemberRow | undefined }> {
      const [row] = await db
        .select({ memberEnabled: portalMethods.memberEnabled, member: portalMembers })
        .from(portalMethods)
        .leftJoin(
          portalMembers,
          and(
            eq(portalMembers.tenantId, portalMethods.tenantId),
            sql`lower(${portalMembers.account}) = lower(${account})`,
          ),
        )
        .where(eq(portalMethods.tenantId, tenantId))
      return { memberEnabled: row?.memberEnabled ?? false, member: row?.member ?? undefined }
    },

    async exists(id: number): Promise<boolean> {
      const rows = await db
        .select({ id: portalMembers.id })
        .from(portalMembers)
        .where(eq(portalMembers.id, id))
      return rows.length > 0
    },

    /** Which of these accounts (compared case-blind, given in lower case) the tenant has already. */
    async takenAccounts(tenantId: number, lowerAccounts: string[]): Promise<Set<string>> {
      if (lowerAccounts.length === 0) return new Set()
      const rows = await db
        .select({ account: sql<string>`lower(${portalMembers.account})` })
        .from(portalMembers)
        .where(and(inTenant(tenantId), inArray(sql`lower(${portalMembers.account})`, lowerAccounts)))
      return new Set(rows.map((row) => row.account))
    },

    async insert(tenantId: number, values: MemberValues[]): Promise<number[]> {
      if (values.length === 0) return []
      const rows = await db
        .insert(portalMembers)
        .values(values.map((value) => ({ tenantId, ...value })))
        .returning({ id: portalMembers.id })
      return rows.map((row) => row.id)
    },

    async update(tenantId: number, id: number, values: Partial<MemberValues>): Promise<void> {
      await db
        .update(portalMembers)
        .set(values)
        .where(and(inTenant(tenantId), eq(portalMembers.id, id)))
    },

    /** A newer hash of the same password, unless the password changed since `oldHash` was read. */
    async rehash(tenantId: number, id: number, oldHash: string, newHash: string): Promise<void> {
      await db
        .update(portalMembers)
        .set({ passwordHash: newHash })
        .where(and(inTenant(tenantId), eq(portalMembers.id, id), eq(portalMembers.passwordHash, oldHash)))
    },

    async remove(tenantId: number, id: number): Promise<void> {
      await db.delete(portalMembers).where(and(inTenant(tenantId), eq(portalMembers.id, id)))
    },
  }
}
