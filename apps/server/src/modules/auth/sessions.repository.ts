import { and, eq, getTableColumns, gt, isNull, ne, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { accounts, authSessions, refreshTokens } from '../../db/schema'

const { passwordHash: _secret, ...accountSnapshotColumns } = getTableColumns(accounts)

export type RefreshOutcome =
  | { kind: 'rotated'; sessionId: string }
  | { kind: 'reused'; sessionId: string }
  | { kind: 'unknown' }

export function sessionsRepository(db: Executor) {
  return {
    async create(values: { accountId: number; expiresAt: Date; ip: string; userAgent: string | undefined }) {
      const [row] = await db.insert(authSessions).values(values).returning({ id: authSessions.id })
      return row!.id
    },

    async addRefreshToken(sessionId: string, tokenHash: string) {
      await db.insert(refreshTokens).values({ sessionId, tokenHash })
    },

    /** Marks a refresh token used, once: a second use is reported as reuse. */
    async useRefreshToken(tokenHash: string): Promise<RefreshOutcome> {
      const [used] = await db
        .update(refreshTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
        .returning({ sessionId: refreshTokens.sessionId })
      if (used) return { kind: 'rotated', sessionId: used.sessionId }
      const [known] = await db
        .select({ sessionId: refreshTokens.sessionId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
      return known ? { kind: 'reused', sessionId: known.sessionId } : { kind: 'unknown' }
    },

    async revoke(sessionId: string, reason: string) {
      await db
        .update(authSessions)
        .set({ revokedAt: sql`now()`, revokeReason: reason })
        .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)))
    },

    /** Ends every live session of an account but `keepSessionId`; returns the ended ids. */
    async revokeAllOf(accountId: number, reason: string, keepSessionId?: string) {
      const rows = await db
        .update(authSessions)
        .set({ revokedAt: sql`now()`, revokeReason: reason })
        .where(
          and(
            eq(authSessions.accountId, accountId),
            isNull(authSessions.revokedAt),
            keepSessionId ? ne(authSessions.id, keepSessionId) : undefined,
          ),
        )
        .returning({ id: authSessions.id })
      return rows.map((row) => row.id)
    },

    /** Whether the account signed in from this address (with its password) within `days`. */
    async signedInFrom(accountId: number, ip: string, days: number): Promise<boolean> {
      const [row] = await db
        .select({ id: authSessions.id })
        .from(authSessions)
        .where(
          and(
            eq(authSessions.accountId, accountId),
            eq(authSessions.ip, ip),
            gt(authSessions.createdAt, sql`now() - make_interval(days => ${days})`),
          ),
        )
        .limit(1)
      return row !== undefined
    },

    /** A session with the account it belongs to: everything an authenticated call needs. */
    async findWithAccount(sessionId: string) {
      const [row] = await db
        .select({
          sessionId: authSessions.id,
          expiresAt: authSessions.expiresAt,
          revokedAt: authSessions.revokedAt,
          revokeReason: authSessions.revokeReason,
          account: accountSnapshotColumns,
        })
        .from(authSessions)
        .innerJoin(accounts, eq(accounts.id, authSessions.accountId))
        .where(eq(authSessions.id, sessionId))
      return row
    },
  }
}
