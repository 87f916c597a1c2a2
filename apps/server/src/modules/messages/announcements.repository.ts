import { count, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { announcements } from '../../db/schema'

export type AnnouncementRow = typeof announcements.$inferSelect

export function announcementsRepository(db: Executor) {
  return {
    async insert(values: Pick<AnnouncementRow, 'title' | 'body'>): Promise<AnnouncementRow> {
      const [row] = await db.insert(announcements).values(values).returning()
      return row!
    },

    async find(id: number): Promise<AnnouncementRow | undefined> {
      const [row] = await db.select().from(announcements).where(eq(announcements.id, id))
      return row
    },

    /** The titles of these announcements, by id. */
    async titles(ids: number[]): Promise<Map<number, Record<string, string>>> {
      if (ids.length === 0) return new Map()
      const rows = await db
        .select({ id: announcements.id, title: announcements.title })
        .from(announcements)
        .where(inArray(announcements.id, [...new Set(ids)]))
      return new Map(rows.map((row) => [row.id, row.title]))
    },

    /** Newest first. */
    async page(window: {
      limit: number
      offset: number
    }): Promise<{ rows: AnnouncementRow[]; total: number }> {
      const rows = await db
        .select()
        .from(announcements)
        .orderBy(sql`${announcements.publishedAt} desc nulls last`, sql`${announcements.id} desc nulls last`)
        .limit(window.limit)
        .offset(window.offset)
      const [totals] = await db.select({ total: count() }).from(announcements)
      return { rows, total: totals?.total ?? 0 }
    },

    /** Deletes it, and with it (foreign key) the messages that told of it. */
    async remove(id: number): Promise<boolean> {
      const removed = await db
        .delete(announcements)
        .where(eq(announcements.id, id))
        .returning({ id: announcements.id })
      return removed.length > 0
    },
  }
}
