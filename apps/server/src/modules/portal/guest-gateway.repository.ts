import { and, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { portalDeviceSettings, portalPages, portalRoaming, portalStrategies } from '../../db/schema'
import type { DevicePortalRow } from './device-portal.repository'
import type { PortalPageRow } from './pages.repository'
import type { StrategyRow } from './strategies.repository'

export interface GatewayPortalRow {
  setting: DevicePortalRow
  page: PortalPageRow
  strategy: StrategyRow
  /** the device's project roams (false without a project) */
  roaming: boolean
}

/**
 * What a gateway's guest meets, read in one statement per login (SQL only): the device's SSIDs
 * with the portal on, each with its page and strategy (the tenant's own), and whether the
 * device's project roams. A guest login is one of a thousand a second; four lookups each were
 * four round trips to the database.
 */
export function guestGatewayRepository(db: Executor) {
  return {
    async portalsOf(device: {
      id: number
      tenantId: number
      projectId: number | null
    }): Promise<GatewayPortalRow[]> {
      const rows = await db
        .select({
          setting: portalDeviceSettings,
          page: portalPages,
          strategy: portalStrategies,
          roaming: portalRoaming.enabled,
        })
        .from(portalDeviceSettings)
        .innerJoin(
          portalPages,
          and(eq(portalPages.id, portalDeviceSettings.pageId), eq(portalPages.tenantId, device.tenantId)),
        )
        .innerJoin(
          portalStrategies,
          and(
            eq(portalStrategies.id, portalDeviceSettings.strategyId),
            eq(portalStrategies.tenantId, device.tenantId),
          ),
        )
        .leftJoin(portalRoaming, eq(portalRoaming.projectId, device.projectId ?? -1))
        .where(and(eq(portalDeviceSettings.deviceId, device.id), eq(portalDeviceSettings.enabled, true)))
        .orderBy(portalDeviceSettings.target)
      return rows.map((row) => ({ ...row, roaming: device.projectId !== null && row.roaming === true }))
    },
  }
}
