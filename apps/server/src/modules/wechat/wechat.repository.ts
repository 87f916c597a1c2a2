import { and, eq, gt, lt, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { integrationTokens, wechatBindRequests } from '../../db/schema'

export function wechatRepository(db: Executor) {
  return {
    async cachedToken(name: string): Promise<string | undefined> {
      const [row] = await db
        .select()
        .from(integrationTokens)
        .where(and(eq(integrationTokens.name, name), gt(integrationTokens.expiresAt, sql`now()`)))
      return row?.value
    },

    async storeToken(name: string, value: string, expiresAt: Date): Promise<void> {
      await db
        .insert(integrationTokens)
        .values({ name, value, expiresAt })
        .onConflictDoUpdate({ target: integrationTokens.name, set: { value, expiresAt } })
    },

    async forgetToken(name: string): Promise<void> {
      await db.delete(integrationTokens).where(eq(integrationTokens.name, name))
    },

    async createBindRequest(scene: string, accountId: number, expiresAt: Date): Promise<void> {
      await db.delete(wechatBindRequests).where(lt(wechatBindRequests.expiresAt, sql`now()`))
      await db.insert(wechatBindRequests).values({ scene, accountId, expiresAt })
    },

    /** The account a still-valid scene was made for; the scene is used up. */
    async takeBindRequest(scene: string): Promise<number | undefined> {
      const [row] = await db
        .delete(wechatBindRequests)
        .where(and(eq(wechatBindRequests.scene, scene), gt(wechatBindRequests.expiresAt, sql`now()`)))
        .returning({ accountId: wechatBindRequests.accountId })
      return row?.accountId
    },
  }
}
