import { and, count, desc, eq, gte, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { messageDeliveries, messages } from '../../db/schema'

export type MessageRow = typeof messages.$inferSelect
export type NewMessageRow = typeof messages.$inferInsert

/** What an account's list may be narrowed to (all optional). */
export interface MessageFilter {
  kind?: string
  /** created at or after */
  from?: Date
  /** created before */
  to?: Date
}

export function messagesRepository(db: Executor) {
  /** An account's messages matching the filter. */
  const ownedBy = (accountId: number, filter: MessageFilter): SQL =>
    and(
      eq(messages.accountId, accountId),
      filter.kind ? eq(messages.kind, filter.kind) : undefined,
      filter.from ? gte(messages.createdAt, filter.from) : undefined,
      filter.to ? lt(messages.createdAt, filter.to) : undefined,
    ) as SQL

  return {
    async insert(rows: NewMessageRow[]): Promise<Array<{ id: number; accountId: number }>> {
      if (rows.length === 0) return []
      return db
        .insert(messages)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: messages.id, accountId: messages.accountId })
    },

    async insertDeliveries(
      rows: Array<{ messageId: number; accountId: number; channel: string }>,
    ): Promise<void> {
      if (rows.length === 0) return
      await db.insert(messageDeliveries).values(rows)
    },

    async page(
      accountId: number,
      filter: MessageFilter,
      window: { limit: number; offset: number },
    ): Promise<{ rows: MessageRow[]; total: number }> {
      const where = ownedBy(accountId, filter)
      const rows = await db
        .select()
        .from(messages)
        .where(where)
        .orderBy(desc(messages.id))
        .limit(window.limit)
        .offset(window.offset)
      const [totals] = await db.select({ total: count() }).from(messages).where(where)
      return { rows, total: totals?.total ?? 0 }
    },

    /** The pushes of these messages: channel, status, attempts, last error. */
    async deliveriesOf(messageIds: number[]) {
      if (messageIds.length === 0) return []
      return db.select().from(messageDeliveries).where(inArray(messageDeliveries.messageId, messageIds))
    },

    /** How many of `ids` are the account's messages. */
    async ownedCount(accountId: number, ids: number[]): Promise<number> {
      const [row] = await db
        .select({ owned: count() })
        .from(messages)
        .where(and(eq(messages.accountId, accountId), inArray(messages.id, ids)))
      return row?.owned ?? 0
    },

    /** Marks the account's messages among `ids` read (all its unread ones without ids); how many changed. */
    async markRead(accountId: number, ids?: number[]): Promise<number> {
      const changed = await db
        .update(messages)
        .set({ readAt: sql`now()` })
        .where(
          and(
            eq(messages.accountId, accountId),
            isNull(messages.readAt),
            ids ? inArray(messages.id, ids) : undefined,
          ),
        )
        .returning({ id: messages.id })
      return changed.length
    },

    /** Deletes the account's messages among `ids`; how many went. */
    async remove(accountId: number, ids: number[]): Promise<number> {
      const removed = await db
        .delete(messages)
        .where(and(eq(messages.accountId, accountId), inArray(messages.id, ids)))
        .returning({ id: messages.id })
      return removed.length
    },

    /**
     * The account's pending pushes of a channel that are due, with their messages, locked for this
     * transaction (another instance's flush skips them).
     */
    async claimDuePushes(accountId: number, channel: string) {
      return db
        .select({ delivery: messageDeliveries, message: messages })
        .from(messageDeliveries)
        .innerJoin(messages, eq(messages.id, messageDeliveries.messageId))
        .where(
          and(
            eq(messageDeliveries.accountId, accountId),
            eq(messageDeliveries.channel, channel),
            eq(messageDeliveries.status, 'pending'),
            lte(messageDeliveries.nextAttemptAt, sql`now()`),
          ),
        )
        .orderBy(messages.id)
        .for('update', { of: messageDeliveries, skipLocked: true })
    },

    /** Records an attempt of these pushes: sent, failed for good, or pending again later. */
    async settlePushes(
      messageIds: number[],
      channel: string,
      outcome:
        | { status: 'sent' }
        | { status: 'failed'; error: string }
        | { status: 'pending'; error: string; retryAt: Date },
    ): Promise<void> {
      await db
        .update(messageDeliveries)
        .set({
          status: outcome.status,
          attempts: sql`${messageDeliveries.attempts} + 1`,
          lastError: outcome.status === 'sent' ? null : outcome.error,
          ...(outcome.status === 'pending' ? { nextAttemptAt: outcome.retryAt } : { finishedAt: sql`now()` }),
        })
        .where(and(inArray(messageDeliveries.messageId, messageIds), eq(messageDeliveries.channel, channel)))
    },

    /** Every account and channel with pushes still pending, and when the first is due (the start's sweep). */
    async pendingPushes(): Promise<Array<{ accountId: number; channel: string; due: Date }>> {
      return db
        .select({
          accountId: messageDeliveries.accountId,
          channel: messageDeliveries.channel,
          due: sql<Date>`min(${messageDeliveries.nextAttemptAt})`.mapWith((value) => new Date(value)),
        })
        .from(messageDeliveries)
        .where(eq(messageDeliveries.status, 'pending'))
        .groupBy(messageDeliveries.accountId, messageDeliveries.channel)
    },

    /** Unread counts of these accounts (an account without unread messages is left out). */
    async unreadCounts(accountIds: number[]): Promise<Map<number, number>> {
      if (accountIds.length === 0) return new Map()
      const rows = await db
        .select({ accountId: messages.accountId, unread: count() })
        .from(messages)
        .where(and(inArray(messages.accountId, accountIds), isNull(messages.readAt)))
        .groupBy(messages.accountId)
      return new Map(rows.map((row) => [row.accountId, row.unread]))
    },
  }
}
