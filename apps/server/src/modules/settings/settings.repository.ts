import type { JsonObject } from '@canopy/shared/protocol'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { deviceSettings } from '../../db/schema'

export type SettingsStatus = 'pending' | 'applying' | 'in_sync' | 'failed'
export type SettingsRow = typeof deviceSettings.$inferSelect

export function settingsRepository(db: Executor) {
  return {
    async start(values: {
      deviceId: number
      section: string
      status: SettingsStatus
      previous: JsonObject
      requestedBy: number
      operationId: number
    }): Promise<void> {
      const row = { ...values, reason: null, requestedAt: sql`now()`, updatedAt: sql`now()` }
      await db
        .insert(deviceSettings)
        .values(row)
        .onConflictDoUpdate({ target: [deviceSettings.deviceId, deviceSettings.section], set: row })
    },

    async forDevice(deviceId: number): Promise<SettingsRow[]> {
      return db.select().from(deviceSettings).where(eq(deviceSettings.deviceId, deviceId))
    },

    /** Sections still on their way to the device. */
    async unsettled(deviceId: number): Promise<SettingsRow[]> {
      return db
        .select()
        .from(deviceSettings)
        .where(
          and(eq(deviceSettings.deviceId, deviceId), inArray(deviceSettings.status, ['pending', 'applying'])),
        )
    },

    async find(deviceId: number, section: string): Promise<SettingsRow | undefined> {
      const [row] = await db
        .select()
        .from(deviceSettings)
        .where(and(eq(deviceSettings.deviceId, deviceId), eq(deviceSettings.section, section)))
      return row
    },

    async recordVersion(deviceId: number, section: string, version: number): Promise<void> {
      await db
        .update(deviceSettings)
        .set({ desiredVersion: version })
        .where(and(eq(deviceSettings.deviceId, deviceId), eq(deviceSettings.section, section)))
    },

    /** Moves a section on, unless it has moved on already (another instance, or a newer change). */
    async advance(
      deviceId: number,
      section: string,
      from: SettingsStatus[],
      to: SettingsStatus,
      reason?: string,
    ) {
      const rows = await db
        .update(deviceSettings)
        .set({ status: to, reason: reason ?? null, updatedAt: sql`now()` })
        .where(
          and(
            eq(deviceSettings.deviceId, deviceId),
            eq(deviceSettings.section, section),
            inArray(deviceSettings.status, from),
          ),
        )
        .returning({ operationId: deviceSettings.operationId })
      return rows[0]
    },
  }
}
