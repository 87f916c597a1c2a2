import { DEVICE_TYPES } from '@canopy/shared/protocol'
import { and, eq, gte, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { clientCounts } from '../../db/schema'
import { deviceVisibility } from '../access/device-scope'
import type { Principal } from '../auth/principal'
import { devicesRepository } from './devices.repository'
import type { DevicesService } from './devices.service'
import { productsRepository } from './products.repository'

/** The home page's project overview (§2 /home/main), within the caller's scope. */
export class OverviewService {
  constructor(private readonly deps: { db: Database; devices: DevicesService }) {}

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

  /** Online clients over the last hours, summed over the caller's projects (or one subtree). */
  async onlineClients(principal: Principal, hours: number, gid: number | undefined) {
    const scope = await this.deps.devices.scope(principal)
    const projectIds = gid
      ? [...scope.visible].filter((id) => id === scope.require(gid).id || isBelow(scope.projects, id, gid))
      : [...scope.visible]
    if (projectIds.length === 0) return { points: [] }
    const since = new Date(Date.now() - hours * 3600_000)
    const rows = await this.deps.db
      .select({
        at: clientCounts.at,
        clients: sql<number>`sum(${clientCounts.clients})::int`,
        online: sql<number>`sum(${clientCounts.onlineDevices})::int`,
      })
      .from(clientCounts)
      .where(
        and(
          eq(clientCounts.tenantId, principal.account.tenantId),
          inArray(clientCounts.projectId, projectIds),
          gte(clientCounts.at, since),
        ),
      )
      .groupBy(clientCounts.at)
      .orderBy(clientCounts.at)
    return {
      points: rows.map((row) => ({
        at: row.at.toISOString(),
        clients: row.clients,
        online_devices: row.online,
      })),
    }
  }

  /** Products (models and types) for the list's filters: the usable catalogue. */
  async types() {
    const products = await productsRepository(this.deps.db).list()
    return products
      .filter((product) => product.published)
      .map((product) => ({ model: product.model, name: product.name, type: product.type }))
  }
}

function isBelow(
  projects: ReadonlyArray<{ id: number; parentId: number | null }>,
  id: number,
  ancestor: number,
): boolean {
  const parents = new Map(projects.map((project) => [project.id, project.parentId]))
  for (let current = parents.get(id); current != null; current = parents.get(current)) {
    if (current === ancestor) return true
  }
  return false
}
