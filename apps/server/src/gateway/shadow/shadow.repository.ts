import type { JsonObject } from '@canopy/shared/protocol'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { deviceShadows } from '../../db/schema'

export interface StoredShadow {
  desired: JsonObject
  reported: JsonObject
  metadata: { desired: JsonObject; reported: JsonObject }
  version: number
}

export function shadowRepository(db: Executor) {
  return {
    /** The shadow, locked for the rest of the transaction (one update of a thing at a time). */
    async findForUpdate(deviceId: number): Promise<StoredShadow | undefined> {
      const [row] = await db
        .select()
        .from(deviceShadows)
        .where(eq(deviceShadows.deviceId, deviceId))
        .for('update')
      return row as StoredShadow | undefined
    },

    async find(deviceId: number): Promise<StoredShadow | undefined> {
      const [row] = await db.select().from(deviceShadows).where(eq(deviceShadows.deviceId, deviceId))
      return row as StoredShadow | undefined
    },

    /** Many shadows, locked in device order (so two batches cannot deadlock). */
    async findManyForUpdate(deviceIds: number[]): Promise<Map<number, StoredShadow>> {
      if (deviceIds.length === 0) return new Map()
      const rows = await db
        .select()
        .from(deviceShadows)
        .where(inArray(deviceShadows.deviceId, deviceIds))
        .orderBy(deviceShadows.deviceId)
        .for('update')
      return new Map(rows.map((row) => [row.deviceId, row as StoredShadow]))
    },

    /** Many shadows in one query (a batch's starting point). */
    async findMany(deviceIds: number[]): Promise<Map<number, StoredShadow>> {
      if (deviceIds.length === 0) return new Map()
      const rows = await db.select().from(deviceShadows).where(inArray(deviceShadows.deviceId, deviceIds))
      return new Map(rows.map((row) => [row.deviceId, row as StoredShadow]))
    },

    async save(deviceId: number, shadow: StoredShadow): Promise<void> {
      await db
        .insert(deviceShadows)
        .values({ deviceId, ...shadow })
        .onConflictDoUpdate({
          target: deviceShadows.deviceId,
          set: { ...shadow, updatedAt: sql`now()` },
        })
    },

    /**
     * Stores the shadow only if it is still at the version it was read at (none: there was no
     * shadow yet); whether it was. Another update in between makes the caller read again.
     */
    async saveIfAt(deviceId: number, shadow: StoredShadow, readAt: number | undefined): Promise<boolean> {
      const stored =
        readAt === undefined
          ? await db
              .insert(deviceShadows)
              .values({ deviceId, ...shadow })
              .onConflictDoNothing({ target: deviceShadows.deviceId })
              .returning({ deviceId: deviceShadows.deviceId })
          : await db
              .update(deviceShadows)
              .set({ ...shadow, updatedAt: sql`now()` })
              .where(and(eq(deviceShadows.deviceId, deviceId), eq(deviceShadows.version, readAt)))
              .returning({ deviceId: deviceShadows.deviceId })
      return stored.length > 0
    },

    /** Many shadows in one statement. */
    async saveMany(shadows: Array<{ deviceId: number; shadow: StoredShadow }>): Promise<void> {
      if (shadows.length === 0) return
      await db
        .insert(deviceShadows)
        .values(shadows.map(({ deviceId, shadow }) => ({ deviceId, ...shadow })))
        .onConflictDoUpdate({
          target: deviceShadows.deviceId,
          set: {
            desired: sql`excluded.desired`,
            reported: sql`excluded.reported`,
            metadata: sql`excluded.metadata`,
            version: sql`excluded.version`,
            updatedAt: sql`now()`,
          },
        })
    },

    async remove(deviceId: number): Promise<boolean> {
      const removed = await db.delete(deviceShadows).where(eq(deviceShadows.deviceId, deviceId)).returning()
      return removed.length > 0
    },
  }
}
