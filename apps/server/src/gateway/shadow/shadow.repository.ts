import type { JsonObject } from '@canopy/shared/protocol'
import { eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { deviceShadows } from '../../db/schema'
import { optimisticSaves } from '../../lib/optimistic-saves'

export interface StoredShadow {
  desired: JsonObject
  reported: JsonObject
  metadata: { desired: JsonObject; reported: JsonObject }
  version: number
}

/** A shadow to store if its row is still at the version it was read at (none: no row yet). */
export interface ShadowAt {
  deviceId: number
  shadow: StoredShadow
  readAt: number | undefined
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
     * Stores shadows only if each is still at the version it was read at (none: there was no
     * shadow yet), in a statement for those read and one for the new; whether each was, in order.
     * Another update in between makes the caller read again. Each device appears once (a
     * statement applies only one row of a device).
     */
    async saveManyIfAt(items: readonly ShadowAt[]): Promise<boolean[]> {
      const rows = (part: readonly ShadowAt[]) =>
        JSON.stringify(
          part.map(({ deviceId, shadow, readAt }) => ({ device_id: deviceId, read_at: readAt, ...shadow })),
        )
      const columns = sql`v(device_id int, desired jsonb, reported jsonb, metadata jsonb, version int, read_at int)`
      return optimisticSaves(
        items,
        (item) => item.deviceId,
        (item) => item.readAt !== undefined,
        {
          update: (read) =>
            db.execute<{ device_id: number }>(sql`update device_shadows s
              set desired = v.desired, reported = v.reported, metadata = v.metadata, version = v.version,
                updated_at = now()
              from jsonb_to_recordset(${rows(read)}::jsonb) as ${columns}
              where s.device_id = v.device_id and s.version = v.read_at
              returning s.device_id`),
          insert: (fresh) =>
            db.execute<{ device_id: number }>(sql`insert into device_shadows
                (device_id, desired, reported, metadata, version)
              select device_id, desired, reported, metadata, version
              from jsonb_to_recordset(${rows(fresh)}::jsonb) as ${columns}
              on conflict (device_id) do nothing
              returning device_id`),
        },
      )
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
