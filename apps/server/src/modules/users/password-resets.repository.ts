import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { passwordResets } from '../../db/schema'

export function passwordResetsRepository(db: Executor) {
  return {
    async create(accountId: number, expiresAt: Date): Promise<string> {
      const [row] = await db
        .insert(passwordResets)
        .values({ accountId, expiresAt })
        .returning({ id: passwordResets.id })
      return row!.id
    },

    async find(id: string) {
      const [row] = await db.select().from(passwordResets).where(eq(passwordResets.id, id))
      return row
    },

    async remove(id: string) {
      await db.delete(passwordResets).where(eq(passwordResets.id, id))
    },

    /** Uses the reset once (false when it was already used) and retires the account's others. */
    async use(id: string, accountId: number): Promise<boolean> {
      const used = await db
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt)))
        .returning({ id: passwordResets.id })
      if (used.length === 0) return false
      await db
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(and(eq(passwordResets.accountId, accountId), isNull(passwordResets.usedAt)))
      return true
    },
  }
}
