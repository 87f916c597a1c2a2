import type { JsonObject } from '@canopy/shared/protocol'
import { eq, inArray, sql } from 'drizzle-orm'
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
