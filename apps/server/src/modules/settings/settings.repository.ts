import type { JsonObject } from '@canopy/shared/protocol'
import { and, eq, inArray, sql } from 'drizzle-orm'
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
      }>,
    ): Promise<void> {
      if (changes.length === 0) return
      const stamp = { reason: null, desiredVersion: null, requestedAt: sql`now()`, updatedAt: sql`now()` }
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
            ...stamp,
          },
        })
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

    /** The shadow versions a batch's change was written as, by device id, in one statement. */
    async recordVersions(section: string, versions: Map<number, number>): Promise<void> {
      if (versions.size === 0) return
      const rows = sql.join(
        [...versions].map(([deviceId, version]) => sql`(${deviceId}::int, ${version}::int)`),
        sql`, `,
      )
      await db.execute(sql`
        update ${deviceSettings} set desired_version = v.version
        from (values ${rows}) as v(device_id, version)
        where ${deviceSettings.deviceId} = v.device_id and ${deviceSettings.section} = ${section}`)
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
