import { and, count, eq, ilike, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { preparedOnce } from '../../db/prepared-once'
import { portalMembers, portalMethods } from '../../db/schema'
import { type PageRequest, pageWindow } from '../../lib/paging'

export type MemberRow = typeof portalMembers.$inferSelect
/** A guest's member login as `forGuestLogins` reads it. */
export interface GuestLoginRow {
  /** the login's place in what was asked */
  at: number
  memberEnabled: boolean
  member: Pick<MemberRow, 'id' | 'account' | 'passwordHash' | 'enabled'> | null
}
export type MemberValues = Omit<typeof portalMembers.$inferInsert, 'id' | 'tenantId' | 'createdAt'>

/** `%` and `_` typed into a search are letters, not wildcards. */
function containing(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** The members of tenants (SQL only). */
export function membersRepository(db: Executor) {
  const guestLogins = preparedOnce(() => prepareGuestLogins(db))
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
     * Guests' member logins asked about together, in one statement: for each login (a tenant and
     * an account, the account matched case-blind) whose tenant has its methods row, whether the
     * member method is on and the member if there is one. `at` is the login's place in `logins`;
     * a login with no row has no methods row (the method is off).
     */
    async forGuestLogins(logins: Array<{ tenantId: number; account: string }>): Promise<GuestLoginRow[]> {
      const rows = await guestLogins().execute({
        tenantIds: logins.map((login) => login.tenantId),
        accounts: logins.map((login) => login.account),
      })
      return rows.map((row) => ({ ...row, at: row.at - 1 }))
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

function prepareGuestLogins(db: Executor) {
  // Each login's member by the (tenant, lower(account)) index, one lookup a login (a lateral
  // subquery): a plain join let the planner scan the tenant's members once its plan was generic.
  const member = db
    .select({
      id: portalMembers.id,
      account: portalMembers.account,
      passwordHash: portalMembers.passwordHash,
      enabled: portalMembers.enabled,
    })
    .from(portalMembers)
    .where(
      and(
        sql`${portalMembers.tenantId} = k.tenant_id`,
        sql`lower(${portalMembers.account}) = lower(k.account)`,
      ),
    )
    .limit(1)
    .as('member')
  return db
    .select({
      at: sql<number>`k.at`.mapWith(Number),
      memberEnabled: portalMethods.memberEnabled,
      member: {
        id: member.id,
        account: member.account,
        passwordHash: member.passwordHash,
        enabled: member.enabled,
      },
    })
    .from(
      sql`unnest(${sql.placeholder('tenantIds')}::int[], ${sql.placeholder('accounts')}::text[]) with ordinality as k(tenant_id, account, at)`,
    )
    .innerJoin(portalMethods, sql`${portalMethods.tenantId} = k.tenant_id`)
    .leftJoinLateral(member, sql`true`)
    .prepare('guest_member_logins')
}
