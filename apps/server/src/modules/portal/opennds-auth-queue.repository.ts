import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { portalOpenNdsAuthQueue } from '../../db/schema'

/** A guest let in longer ago than this is not handed to authmon any more: they gave up waiting. */
const FRESH_MS = 10 * 60_000
/** Rows kept after queuing, acknowledged or not, for the waiting page; older ones are dropped. */
const KEEP_MS = 60 * 60_000
/**
 * authmon 9.10 reads the first 1,024 characters of an answer (`${authlist:2:1024}`): the list is
 * cut before an entry would cross that, the rest handed out at the next poll.
 */
const LIST_CHARS = 1000

export type AuthmonEntryState = 'waiting' | 'taken'

/** openNDS level 3's queue of guests for authmon (SQL only). */
export function openNdsAuthQueueRepository(db: Executor) {
  const q = portalOpenNdsAuthQueue
  return {
    /** Queues a guest again too (a new login after openNDS ended their session). */
    async queue(values: { gatewayHash: string; rhid: string; entry: string; deviceId: number }) {
      await db
        .insert(q)
        .values(values)
        .onConflictDoUpdate({
          target: [q.gatewayHash, q.rhid],
          set: { entry: values.entry, deviceId: values.deviceId, queuedAt: sql`now()`, ackedAt: null },
        })
    },

    async state(gatewayHash: string, rhid: string): Promise<AuthmonEntryState | undefined> {
      const [row] = await db
        .select({ ackedAt: q.ackedAt })
        .from(q)
        .where(and(eq(q.gatewayHash, gatewayHash), eq(q.rhid, rhid)))
      if (!row) return undefined
      return row.ackedAt ? 'taken' : 'waiting'
    },

    /** The gateway's waiting entries, oldest first, as many as one answer carries. */
    async waiting(gatewayHash: string): Promise<{ rhid: string; entry: string }[]> {
      await db
        .delete(q)
        .where(and(eq(q.gatewayHash, gatewayHash), lt(q.queuedAt, new Date(Date.now() - KEEP_MS))))
      const rows = await db
        .select({ rhid: q.rhid, entry: q.entry })
        .from(q)
        .where(
          and(
            eq(q.gatewayHash, gatewayHash),
            isNull(q.ackedAt),
            gt(q.queuedAt, new Date(Date.now() - FRESH_MS)),
          ),
        )
        .orderBy(asc(q.queuedAt))
        .limit(50)
      const fits: { rhid: string; entry: string }[] = []
      let chars = 0
      for (const row of rows) {
        chars += encodeURIComponent(row.entry).length + 1
        if (chars > LIST_CHARS) break
        fits.push(row)
      }
      return fits
    },

    /** authmon's acknowledgement: these clients are authenticated on the gateway. */
    async taken(gatewayHash: string, rhids: string[]): Promise<number> {
      if (rhids.length === 0) return 0
      const rows = await db
        .update(q)
        .set({ ackedAt: sql`now()` })
        .where(and(eq(q.gatewayHash, gatewayHash), inArray(q.rhid, rhids), isNull(q.ackedAt)))
        .returning({ rhid: q.rhid })
      return rows.length
    },

    /** openNDS restarted: what it was sent before is stale (authmon's `clear`). */
    async clear(gatewayHash: string): Promise<number> {
      const rows = await db
        .delete(q)
        .where(and(eq(q.gatewayHash, gatewayHash), isNull(q.ackedAt)))
        .returning({ rhid: q.rhid })
      return rows.length
    },
  }
}
export type OpenNdsAuthQueueRepository = ReturnType<typeof openNdsAuthQueueRepository>
