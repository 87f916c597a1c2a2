import { and, eq, isNotNull, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { preparedOnce } from '../../db/prepared-once'
import { devices, portalDeviceSettings, portalPages, portalRoaming, portalStrategies } from '../../db/schema'
import type { DevicePortalRow } from './device-portal.repository'
import type { PortalPageRow } from './pages.repository'
import type { StrategyRow } from './strategies.repository'

/** What a guest's login needs of the gateway's device: whose it is, where, and its name. */
export interface GatewayDevice {
  id: number
  tenantId: number
  projectId: number | null
  thingName: string
}

export interface GatewayPortalRow {
  device: GatewayDevice
  setting: DevicePortalRow
  page: PortalPageRow
  strategy: StrategyRow
  /** the device's project roams (false without a project) */
  roaming: boolean
}

/**
 * What gateways' guests meet, read in one statement for all the gateways asked about together
 * (SQL only): the bound device of each thing name, its SSIDs with the portal on, each with its
 * page and strategy (the tenant's own), and whether the device's project roams. A guest login is
 * one of a thousand a second; five lookups each were five round trips to the database.
 */
export function guestGatewayRepository(db: Executor) {
  // Planning this join took ten times as long as running it: a named statement, planned once.
  const portals = preparedOnce(() => preparePortals(db))
  return {
    /** Each thing's portals, in the order of their SSIDs; a thing nobody bound has none. */
    async portalsOf(things: string[]): Promise<GatewayPortalRow[]> {
      const rows = await portals().execute({ things })
      return rows.map((row) => ({
        ...row,
        device: { ...row.device, tenantId: row.device.tenantId! },
        roaming: row.roaming === true,
      }))
    },
  }
}

function preparePortals(db: Executor) {
  return db
    .select({
      device: {
        id: devices.id,
        tenantId: devices.tenantId,
        projectId: devices.projectId,
        thingName: devices.thingName,
      },
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
    .where(
      and(sql`${devices.thingName} = any(${sql.placeholder('things')}::text[])`, isNotNull(devices.tenantId)),
    )
    .orderBy(portalDeviceSettings.target)
    .prepare('guest_gateway_portals')
}
