import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { portalDeviceSettings, portalRoaming } from '../../db/schema'

export type DevicePortalRow = typeof portalDeviceSettings.$inferSelect
export type DevicePortalValues = Omit<DevicePortalRow, 'updatedAt'>

/** The portal of each device's SSIDs and each project's group roaming (SQL only). */
export function devicePortalRepository(db: Executor) {
  return {
    async forDevice(deviceId: number): Promise<DevicePortalRow[]> {
      return db
        .select()
        .from(portalDeviceSettings)
        .where(eq(portalDeviceSettings.deviceId, deviceId))
        .orderBy(portalDeviceSettings.target)
    },

    async find(deviceId: number, target: string): Promise<DevicePortalRow | undefined> {
      const [row] = await db
        .select()
        .from(portalDeviceSettings)
        .where(and(eq(portalDeviceSettings.deviceId, deviceId), eq(portalDeviceSettings.target, target)))
      return row
    },

    async upsert(values: DevicePortalValues): Promise<void> {
      const { deviceId: _device, target: _target, ...changed } = values
      await db
        .insert(portalDeviceSettings)
        .values(values)
        .onConflictDoUpdate({
          target: [portalDeviceSettings.deviceId, portalDeviceSettings.target],
          set: { ...changed, updatedAt: sql`now()` },
        })
    },

    async roaming(projectId: number): Promise<boolean> {
      const [row] = await db
        .select({ enabled: portalRoaming.enabled })
        .from(portalRoaming)
        .where(eq(portalRoaming.projectId, projectId))
      return row?.enabled ?? false
    },

    /** Locks the project's roaming row (made off if there is none), so a change of it and a device's portal change take turns. */
    async lockRoaming(tenantId: number, projectId: number): Promise<boolean> {
      await db
        .insert(portalRoaming)
        .values({ projectId, tenantId, enabled: false })
        .onConflictDoNothing({ target: portalRoaming.projectId })
      const result = await db.execute<{ enabled: boolean }>(
        sql`select enabled from ${portalRoaming} where project_id = ${projectId} for update`,
      )
      return result.rows[0]?.enabled ?? false
    },

    async setRoaming(tenantId: number, projectId: number, enabled: boolean): Promise<void> {
      await db
        .insert(portalRoaming)
        .values({ projectId, tenantId, enabled })
        .onConflictDoUpdate({ target: portalRoaming.projectId, set: { enabled, updatedAt: sql`now()` } })
    },
  }
}
