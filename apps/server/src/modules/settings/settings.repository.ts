import type { JsonObject } from '@canopy/shared/protocol'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { deviceSettings } from '../../db/schema'

export type SettingsStatus = 'pending' | 'applying' | 'in_sync' | 'failed'
export type SettingsRow = typeof deviceSettings.$inferSelect

export function settingsRepository(db: Executor) {
  return {
    /** Starts a change of one section on each device (one statement for a whole batch). */
    async start(
      changes: Array<{
        deviceId: number
        section: string
        status: SettingsStatus
        previous: JsonObject
        requestedBy: number
        operationId: number
        /** what the device must report (secrets as their hashes) for the section to be in sync */
        expected: JsonObject
        /** the shadow version the change was stored as */
        desiredVersion: number
      }>,
    ): Promise<void> {
      if (changes.length === 0) return
      const stamp = { reason: null, requestedAt: sql`now()`, updatedAt: sql`now()` }
      await db
        .insert(deviceSettings)
        .values(changes.map((change) => ({ ...change, ...stamp })))
        .onConflictDoUpdate({
          target: [deviceSettings.deviceId, deviceSettings.section],
          set: {
            status: sql`excluded.status`,
            previous: sql`excluded.previous`,
            requestedBy: sql`excluded.requested_by`,
            operationId: sql`excluded.operation_id`,
            expected: sql`excluded.expected`,
            desiredVersion: sql`excluded.desired_version`,
            ...stamp,
          },
        })
    },

    /** The changes of a section still on their way to these devices, locked until the caller commits. */
    async unsettledForUpdate(deviceIds: number[], section: string): Promise<SettingsRow[]> {
      if (deviceIds.length === 0) return []
      return db
        .select()
        .from(deviceSettings)
        .where(
          and(
            inArray(deviceSettings.deviceId, deviceIds),
            eq(deviceSettings.section, section),
            inArray(deviceSettings.status, ['pending', 'applying']),
          ),
        )
        .orderBy(deviceSettings.deviceId)
        .for('update')
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

    /** Devices with a change on its way to them. */
    async applyingDevices(): Promise<number[]> {
      const rows = await db
        .selectDistinct({ deviceId: deviceSettings.deviceId })
        .from(deviceSettings)
        .where(eq(deviceSettings.status, 'applying'))
      return rows.map((row) => row.deviceId)
    },

    async find(deviceId: number, section: string): Promise<SettingsRow | undefined> {
      const [row] = await db
        .select()
        .from(deviceSettings)
        .where(and(eq(deviceSettings.deviceId, deviceId), eq(deviceSettings.section, section)))
      return row
    },

    /**
     * Moves a section's change on, unless it has moved on already (another instance) or a newer
     * change replaced it: `operationId` names the change the caller looked at.
     */
    async advance(
      change: { deviceId: number; section: string; operationId: number | null },
      from: SettingsStatus[],
      to: SettingsStatus,
      reason?: string,
    ) {
      const { deviceId, section, operationId } = change
      const rows = await db
        .update(deviceSettings)
        .set({ status: to, reason: reason ?? null, updatedAt: sql`now()` })
        .where(
          and(
            eq(deviceSettings.deviceId, deviceId),
            eq(deviceSettings.section, section),
            inArray(deviceSettings.status, from),
            operationId === null
              ? isNull(deviceSettings.operationId)
              : eq(deviceSettings.operationId, operationId),
          ),
        )
        .returning({ operationId: deviceSettings.operationId })
      return rows[0]
    },
  }
}
