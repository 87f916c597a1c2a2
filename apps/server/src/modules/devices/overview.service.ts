import { subtreeIds } from '@canopy/shared/project-tree'
import { DEVICE_TYPES } from '@canopy/shared/protocol'
import type { Database } from '../../db/client'
import { deviceVisibility } from '../access/device-scope'
import type { Principal } from '../auth/principal'
import { devicesRepository } from './devices.repository'
import type { DevicesService } from './devices.service'
import { overviewRepository } from './overview.repository'
import { productsRepository } from './products.repository'

/** The home page's project overview (§2 /home/main), within the caller's scope. */
export class OverviewService {
  constructor(
    private readonly deps: {
      db: Database
      devices: DevicesService
      /** the housekeeping's sampling interval: the chart's points are this far apart */
      sampleSeconds: number
    },
  ) {}

  async statistics(principal: Principal) {
    const scope = await this.deps.devices.scope(principal)
    const visibility = deviceVisibility(principal, scope)
    const repository = devicesRepository(this.deps.db)
    const [counts, recent] = await Promise.all([
      repository.statistics(visibility),
      repository.recentlyOffline(visibility, 5),
    ])
    const byType = DEVICE_TYPES.map((type) => {
      const rows = counts.filter((row) => row.type === type)
      const total = rows.reduce((sum, row) => sum + row.n, 0)
      return { type, total, online: rows.find((row) => row.status === 'online')?.n ?? 0 }
    })
    const total = counts.reduce((sum, row) => sum + row.n, 0)
    const online = counts.filter((row) => row.status === 'online').reduce((sum, row) => sum + row.n, 0)
    return {
      total,
      online,
      offline: total - online,
      by_type: byType,
      recent_offline: recent.map((device) => ({
        id: device.id,
        mac: device.mac,
        name: device.name,
        model: device.model,
        since: device.since?.toISOString() ?? null,
      })),
    }
  }

  /**
   * Online clients over the last hours, over what the caller sees — the same visibility as the
   * statistics and the list: its projects' sums, and the devices its roles grant one by one. A
   * project filter narrows to that subtree, as the list's filter does.
   */
  async onlineClients(principal: Principal, hours: number, gid: number | undefined) {
    const scope = await this.deps.devices.scope(principal)
    const visibility = deviceVisibility(principal, scope)
    const projectIds = gid
      ? [...subtreeIds(scope.projects, [scope.require(gid).id])].filter((id) => scope.has(id))
      : [...scope.visible]
    // Devices granted one by one lie outside every visible project, so in no filtered subtree.
    const deviceIds = gid === undefined && visibility.kind === 'scoped' ? visibility.deviceIds : []
    if (projectIds.length === 0 && deviceIds.length === 0) return { points: [] }
    const points = await overviewRepository(this.deps.db).onlineClients({
      tenantId: principal.account.tenantId,
      projectIds,
      deviceIds,
      since: new Date(Date.now() - hours * 3600_000),
      sampleSeconds: this.deps.sampleSeconds,
    })
    return {
      points: points.map((point) => ({
        at: point.at.toISOString(),
        clients: point.clients,
        online_devices: point.online,
      })),
    }
  }

  /**
   * The catalogue for the list's filters: published products and those the caller has devices
   * of, each with the firmware versions the caller's devices of that model run (the firmware
   * filter offers those, since the list matches a version exactly).
   */
  async types(principal: Principal) {
    const scope = await this.deps.devices.scope(principal)
    const [products, seen] = await Promise.all([
      productsRepository(this.deps.db).list(),
      devicesRepository(this.deps.db).models(deviceVisibility(principal, scope)),
    ])
    const firmwareByModel = new Map<string, string[]>()
    for (const { model, firmware } of seen) {
      const versions = firmwareByModel.get(model) ?? []
      if (firmware) versions.push(firmware)
      firmwareByModel.set(model, versions)
    }
    return products
      .filter((product) => product.published || firmwareByModel.has(product.model))
      .map((product) => ({
        model: product.model,
        name: product.name,
        type: product.type,
        firmware: firmwareByModel.get(product.model) ?? [],
      }))
  }
}
