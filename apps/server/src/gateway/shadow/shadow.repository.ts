import type { JsonObject } from '@canopy/shared/protocol'
import { eq, sql } from 'drizzle-orm'
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

    async save(deviceId: number, shadow: StoredShadow): Promise<void> {
      await db
        .insert(deviceShadows)
        .values({ deviceId, ...shadow })
        .onConflictDoUpdate({
          target: deviceShadows.deviceId,
          set: { ...shadow, updatedAt: sql`now()` },
        })
    },

    async remove(deviceId: number): Promise<boolean> {
      const removed = await db.delete(deviceShadows).where(eq(deviceShadows.deviceId, deviceId)).returning()
      return removed.length > 0
    },
  }
}
