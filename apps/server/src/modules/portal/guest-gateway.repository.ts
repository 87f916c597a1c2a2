import { and, eq, isNotNull } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { devices, portalDeviceSettings, portalPages, portalRoaming, portalStrategies } from '../../db/schema'
import type { DeviceRow } from '../devices/devices.repository'
import type { DevicePortalRow } from './device-portal.repository'
import type { PortalPageRow } from './pages.repository'
import type { StrategyRow } from './strategies.repository'

export interface GatewayPortalRow {
  device: DeviceRow & { tenantId: number }
  setting: DevicePortalRow
  page: PortalPageRow
  strategy: StrategyRow
  /** the device's project roams (false without a project) */
  roaming: boolean
}

/**
 * What a gateway's guest meets, read in one statement per login (SQL only): the bound device of
 * that thing name, its SSIDs with the portal on, each with its page and strategy (the tenant's
 * own), and whether the device's project roams. A guest login is one of a thousand a second; five
 * lookups each were five round trips to the database.
 */
export function guestGatewayRepository(db: Executor) {
  return {
    async portalsOf(thing: string): Promise<GatewayPortalRow[]> {
      const rows = await db
        .select({
          device: devices,
          setting: portalDeviceSettings,
          page: portalPages,
          strategy: portalStrategies,
          roaming: portalRoaming.enabled,
        })
        .from(devices)
        .innerJoin(
          portalDeviceSettings,
          and(eq(portalDeviceSettings.deviceId, devices.id), eq(portalDeviceSettings.enabled, true)),
        )
        .innerJoin(
          portalPages,
          and(eq(portalPages.id, portalDeviceSettings.pageId), eq(portalPages.tenantId, devices.tenantId)),
        )
        .innerJoin(
          portalStrategies,
          and(
            eq(portalStrategies.id, portalDeviceSettings.strategyId),
            eq(portalStrategies.tenantId, devices.tenantId),
          ),
        )
        .leftJoin(portalRoaming, eq(portalRoaming.projectId, devices.projectId))
        .where(and(eq(devices.thingName, thing), isNotNull(devices.tenantId)))
        .orderBy(portalDeviceSettings.target)
      return rows.map((row) => ({
        ...row,
        device: { ...row.device, tenantId: row.device.tenantId! },
        roaming: row.roaming === true,
      }))
    },
  }
}
