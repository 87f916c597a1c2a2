import { ErrorCode } from '@canopy/shared/errors'
import { can, permits } from '@canopy/shared/permissions'
import { isJsonObject, type JsonObject } from '@canopy/shared/protocol'
import {
  type DevicePortalInfo,
  type DevicePortalSetting,
  type OfflinePolicy,
  PORTAL_TARGETS,
  type PortalMethod,
  type PortalSetRequest,
  type PortalTarget,
  wifiPathOf,
} from '@canopy/shared/validation'
import type { Database } from '../../db/client'
import type { ShadowService } from '../../gateway/shadow/shadow.service'
import { AppError } from '../../http/app-error'
import type { Principal } from '../auth/principal'
import type { DeviceRow } from '../devices/devices.repository'
import type { DevicesService } from '../devices/devices.service'
import { actorOf } from '../operations/operation-log'
import type { SettingsService } from '../settings/settings.service'
import { type DevicePortalRow, devicePortalRepository } from './device-portal.repository'
import { pagesRepository } from './pages.repository'
import type { PortalPagesService } from './pages.service'
import { strategiesRepository } from './strategies.repository'
import type { StrategiesService } from './strategies.service'

/** The most pages and strategies offered as choices (a tenant has a handful). */
const CHOICES_MAX = 500

/** The shadow section a device's portal travels in (docs/protocol.md, "Portal"). */
export const PORTAL_SECTION = 'portal'

/**
 * The portal of each SSID of a device (§7 auth/info, auth/set) and group roaming per project
 * (auth/roam/*). A change goes to the device as its shadow's `portal` section through the
 * settings sync, in one transaction with the setting itself; while the device's project roams,
 * its portal cannot change (600400281). The SSIDs are those the device reports.
 */
export class DevicePortalService {
  constructor(
    private readonly deps: {
      db: Database
      devices: DevicesService
      settings: SettingsService
      shadows: ShadowService
      pages: PortalPagesService
      strategies: StrategiesService
      /** where gateways reach the guest surface (WiFiDog auth server), e.g. https://canopy.example/portal */
      guestBaseUrl: () => string
    },
  ) {}

  async info(principal: Principal, id: number): Promise<DevicePortalInfo> {
    const device = await this.requireDevice(principal, id)
    const reported = await this.reportedWifi(device)
    const rows = new Map(
      (await devicePortalRepository(this.deps.db).forDevice(device.id)).map((r) => [r.target, r]),
    )
    const sync = (await this.deps.settings.sectionStates([device.id])).find(
      (s) => s.section === PORTAL_SECTION,
    )
    const settings: DevicePortalSetting[] = []
    for (const target of PORTAL_TARGETS) {
      const ssid = ssidOf(reported, target)
      const row = rows.get(target)
      // An SSID the device no longer reports still shows while its portal is set, so it can be turned off.
      if (ssid === undefined && !row) continue
      settings.push(view(target, ssid ?? null, row, sync?.status ?? null))
    }
    return { settings, roaming: await this.roamingOf(device), ...(await this.choices(principal)) }
  }

  /**
   * The pages and strategies a portal can use, by name, for a caller who may set one (a child
   * with the portal function too: /auth/portal and /auth/strategy are the primary's, but picking
   * one of them for a device is not). Others get none.
   */
  private async choices(principal: Principal): Promise<Pick<DevicePortalInfo, 'pages' | 'strategies'>> {
    if (!permits(principal.access, can.device('portal'))) return { pages: [], strategies: [] }
    const tenantId = principal.account.tenantId
    const all = { pageIndex: 1, pageOffset: CHOICES_MAX }
    const pages = await pagesRepository(this.deps.db).page(tenantId, all)
    const strategies = await strategiesRepository(this.deps.db).page(tenantId, all)
    return {
      pages: pages.rows.map((row) => ({ id: row.id, name: row.title })),
      strategies: strategies.rows.map((row) => ({ id: row.id, name: row.name })),
    }
  }

  async set(principal: Principal, request: PortalSetRequest): Promise<{ operation_id: number }> {
    const device = await this.requireDevice(principal, request.id)
    const known = await devicePortalRepository(this.deps.db).find(device.id, request.target)
    // Turning off one that is set needs no radio: the device may have dropped the SSID since.
    if (!(known && !request.enabled) && ssidOf(await this.reportedWifi(device), request.target) === undefined)
      throw new AppError(ErrorCode.VAP_NOT_FOUND)
    if (request.page_id !== null) await this.deps.pages.info(principal, request.page_id)
    if (request.strategy_id !== null) await this.deps.strategies.info(principal, request.strategy_id)
    const values = {
      deviceId: device.id,
      target: request.target,
      tenantId: device.tenantId!,
      enabled: request.enabled,
      pageId: request.page_id,
      strategyId: request.strategy_id,
      methods: request.methods,
      offlinePolicy: request.offline_policy,
    }
    const [operationId] = await this.deps.settings.applySections(
      actorOf(principal),
      [device],
      [
        {
          section: PORTAL_SECTION,
          values: this.desiredOf(device, request),
          action: 'device.setportal',
          rule: 'settings',
        },
      ],
      {
        alsoInTransaction: async (tx) => {
          const portals = devicePortalRepository(tx)
          // The project's roaming row is locked: roaming turned on meanwhile waits, or refuses this.
          if (device.projectId !== null && (await portals.lockRoaming(values.tenantId, device.projectId)))
            throw new AppError(ErrorCode.DISABLE_ROAMING)
          await portals.upsert(values)
        },
      },
    )
    return { operation_id: operationId! }
  }

  async roamInfo(principal: Principal, gid: number): Promise<{ enabled: boolean }> {
    const scope = await this.deps.devices.scope(principal)
    const project = scope.require(gid)
    return { enabled: await devicePortalRepository(this.deps.db).roaming(project.id) }
  }

  async roamSet(principal: Principal, gid: number, enabled: boolean): Promise<{ enabled: boolean }> {
    const scope = await this.deps.devices.scope(principal)
    const project = scope.require(gid)
    await this.deps.db.transaction(async (tx) => {
      const portals = devicePortalRepository(tx)
      await portals.lockRoaming(principal.account.tenantId, project.id)
      await portals.setRoaming(principal.account.tenantId, project.id, enabled)
    })
    return { enabled }
  }

  /** A device the caller sees; reading its portal needs the device, changing it the portal function. */
  private async requireDevice(principal: Principal, id: number): Promise<DeviceRow> {
    const [device] = await this.deps.devices.requireDevices(principal, [id])
    return device!
  }

  private async roamingOf(device: DeviceRow): Promise<boolean> {
    if (device.projectId === null) return false
    return devicePortalRepository(this.deps.db).roaming(device.projectId)
  }

  private async reportedWifi(device: DeviceRow): Promise<JsonObject> {
    const shadow = await this.deps.shadows.read(device.id)
    const wifi = shadow?.state.reported.wifi
    return isJsonObject(wifi) ? wifi : {}
  }

  /**
   * What the device is told: where its gateway asks (the WiFiDog auth server), the name it gives
   * there (`gw_id`, its thing name), and this SSID's portal. Only the SSID changed is sent: the
   * shadow merges it beside the others. Strategy lists and pages stay in the cloud, which answers
   * the gateway's questions with them (the shadow holds 8 KB).
   */
  private desiredOf(device: DeviceRow, request: PortalSetRequest): JsonObject {
    return {
      authServer: `${this.deps.guestBaseUrl()}/wifidog/`,
      gatewayId: device.thingName,
      ssids: { [request.target]: { enabled: request.enabled, offline: request.offline_policy } },
    }
  }
}

/** The SSID name a device reports for a target; undefined where it reports no such radio or VAP. */
function ssidOf(wifi: JsonObject, target: PortalTarget): string | undefined {
  let node: unknown = wifi
  for (const key of wifiPathOf(target)) node = isJsonObject(node) ? node[key] : undefined
  if (!isJsonObject(node)) return undefined
  return typeof node.ssid === 'string' ? node.ssid : ''
}

function view(
  target: PortalTarget,
  ssid: string | null,
  row: DevicePortalRow | undefined,
  sync: string | null,
): DevicePortalSetting {
  return {
    target,
    ssid,
    enabled: row?.enabled ?? false,
    page_id: row?.pageId ?? null,
    strategy_id: row?.strategyId ?? null,
    methods: (row?.methods ?? []) as PortalMethod[],
    offline_policy: (row?.offlinePolicy ?? 'open') as OfflinePolicy,
    sync: row ? sync : null,
  }
}
