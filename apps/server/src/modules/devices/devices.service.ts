import { ErrorCode } from '@canopy/shared/errors'
import { subtreeIds } from '@canopy/shared/project-tree'
import { managementCredentialMatches } from '@canopy/shared/protocol/credential'
import type { BindRequest, DeviceListRequest } from '@canopy/shared/validation'
import { sql } from 'drizzle-orm'
import type { ChangeFeed } from '../../db/change-feed'
import type { Database } from '../../db/client'
import type { DeviceEvents } from '../../gateway/device-events'
import { AppError } from '../../http/app-error'
import { deviceVisibility } from '../access/device-scope'
import { ProjectScope } from '../access/project-scope'
import type { Principal } from '../auth/principal'
import type { ProjectDirectory } from '../projects/project-directory'
import type { UsersService } from '../users/users.service'
import { requireBatch, requireBind } from './batch-check'
import {
  type DeviceListRow,
  type DeviceRow,
  type DeviceVisibility,
  devicesRepository,
} from './devices.repository'
import { type ProductRow, productsRepository } from './products.repository'
import { tenantsRepository } from './tenants.repository'

/** A device as the device list shows it (§3 "Device"). */
export interface DeviceView {
  id: number
  mac: string
  name: string | null
  remark: string | null
  model: string
  type: string
  status: string
  firmware: string | null
  gid: number | null
  project: string | null
  /** the project is the tenant's root group (shown with its label) */
  project_is_root: 0 | 1
  /** when the device was bound: §3 "access time" */
  access_time: string | null
  status_changed_at: string | null
  last_seen_at: string | null
  uptime: number | null
  cpu: number | null
  mem: number | null
  clients: number | null
  /** the WAN IP address of the latest report */
  wan_ip: string | null
}

const NAME_PREFIX: Record<string, string> = { ap: 'AP', gateway: 'GW', repeater: 'RP', router4g: '4G' }
/** Binds of one tenant happen one at a time, so two cannot both pass the device limit. */
const BIND_LOCK_CLASS = 3

export class DevicesService {
  constructor(
    private readonly deps: {
      db: Database
      projects: ProjectDirectory
      changes: ChangeFeed
      /** the accounts area, for the tenant owner's developer flag */
      users: Pick<UsersService, 'isDeveloperTenant'>
      defaultLimit: number
      /** where binds and moves are told (`placed`), after they commit */
      events: Pick<DeviceEvents, 'emit'>
    },
  ) {}

  /** `onlyIds`: the devices another area's filter keeps (drifted ones, say), within the rest. */
  async list(principal: Principal, request: DeviceListRequest, onlyIds?: number[]) {
    const scope = await this.scope(principal)
    // A project filter covers the project and its sub-projects (as far as the caller sees them).
    const projectIds = request.gid
      ? [...subtreeIds(scope.projects, [scope.require(request.gid).id])].filter((id) => scope.has(id))
      : undefined
    const { rows, total } = await devicesRepository(this.deps.db).list(
      deviceVisibility(principal, scope),
      request,
      projectIds,
      onlyIds,
    )
    return { total, list: rows.map(toView) }
  }

  async info(principal: Principal, id: number): Promise<DeviceView & { telemetry: unknown }> {
    await this.requireDevices(principal, [id])
    const repository = devicesRepository(this.deps.db)
    const [row, telemetry] = await Promise.all([repository.listRow(id), repository.latestTelemetry(id)])
    return { ...toView(row!), telemetry: telemetry ?? null }
  }

  /**
   * Binds a device (§2 bind dialog, §8): the project must be the caller's; then, in this order,
   * the product must exist and be usable, the device be known and unbound, the management
   * account and password be the device's, and the tenant be under its device limit.
   */
  async bind(principal: Principal, request: BindRequest): Promise<{ id: number }> {
    const scope = await this.scope(principal)
    requireBind(principal, scope.visibleProjects().length)
    const project = scope.require(request.gid)
    // The shared MAC rule has normalised it already (every form of a MAC is the stored one).
    const mac = request.mac
    const product = await productsRepository(this.deps.db).findByMac(mac)
    if (!product) throw new AppError(ErrorCode.PRODUCT_NOT_FOUND)
    if (!product.published && !(await this.isDeveloperTenant(principal)))
      throw new AppError(ErrorCode.PRODUCT_NOT_USABLE)
    const device = await devicesRepository(this.deps.db).findByMac(mac)
    if (!device) throw new AppError(ErrorCode.DEVICE_NOT_FOUND)
    if (device.tenantId !== null) throw new AppError(ErrorCode.DEVICE_ALREADY_BOUND)
    // The device chose the scrypt parameters: a credential that is malformed, asks too much or
    // fails to compute is a bind error like a wrong password, never a server error.
    const credential = device.managementCredential
    if (!credential || !(await managementCredentialMatches(credential, request.username, request.password))) {
      throw new AppError(ErrorCode.BIND_ERROR)
    }
    const tenantId = principal.account.tenantId
    const bound = await this.deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${BIND_LOCK_CLASS}, ${tenantId})`)
      const limit = (await tenantsRepository(tx).deviceLimit(tenantId)) ?? this.deps.defaultLimit
      if ((await devicesRepository(tx).countForTenant(tenantId)) >= limit) {
        throw new AppError(ErrorCode.DEVICE_LIMIT_REACHED)
      }
      const name = `${NAME_PREFIX[product.type] ?? 'DEV'}-${mac.replace(/:/g, '').slice(-4)}`
      return devicesRepository(tx).bind(device.id, { tenantId, projectId: project.id, name })
    })
    if (bound === undefined) throw new AppError(ErrorCode.DEVICE_ALREADY_BOUND)
    await this.deps.changes.publish({ kind: 'device', thing: device.thingName })
    this.deps.events.emit('placed', { tenantId, projectId: project.id, deviceIds: [device.id] })
    return { id: device.id }
  }

  /** Releases devices: they leave the tenant, with their history; they may be bound again. */
  async unbind(principal: Principal, ids: number[]): Promise<void> {
    const found = await this.requireDevices(principal, ids)
    requireBatch(principal, 'unbind', found)
    await this.deps.db.transaction((tx) => devicesRepository(tx).release(ids))
    for (const device of found) await this.deps.changes.publish({ kind: 'device', thing: device.thingName })
  }

  /**
   * Deletes devices from the cloud (§4: online devices cannot be deleted): their identity goes
   * too, and a device coming back must register again.
   */
  async remove(
    principal: Principal,
    ids: number[],
    revokeIdentity: (thing: string) => Promise<void>,
  ): Promise<void> {
    const found = await this.requireDevices(principal, ids)
    requireBatch(principal, 'delete', found)
    await devicesRepository(this.deps.db).remove(ids)
    for (const device of found) {
      await revokeIdentity(device.thingName)
      await this.deps.changes.publish({ kind: 'device', thing: device.thingName })
    }
  }

  /** Moves devices to another project of the caller's (§7 transgroup). */
  async move(principal: Principal, ids: number[], gid: number): Promise<void> {
    const scope = await this.scope(principal)
    const target = scope.require(gid)
    const found = await this.requireDevices(principal, ids, scope)
    requireBatch(principal, 'move', found)
    await devicesRepository(this.deps.db).move(ids, target.id)
    for (const device of found) await this.deps.changes.publish({ kind: 'device', thing: device.thingName })
    this.deps.events.emit('placed', {
      tenantId: principal.account.tenantId,
      projectId: target.id,
      deviceIds: found.map((device) => device.id),
    })
  }

  /** Names a device and notes a remark (cloud-side fields of §3; the device does not hold them). */
  async rename(
    principal: Principal,
    id: number,
    values: { name?: string | undefined; remark?: string | undefined },
  ) {
    await this.requireDevices(principal, [id])
    await devicesRepository(this.deps.db).update(id, {
      ...(values.name === undefined ? {} : { name: values.name }),
      ...(values.remark === undefined ? {} : { remark: values.remark || null }),
    })
  }

  /** Every id, visible to the caller, or 600400143 and nothing happens. */
  async requireDevices(principal: Principal, ids: number[], known?: ProjectScope): Promise<DeviceRow[]> {
    const unique = [...new Set(ids)]
    const scope = known ?? (await this.scope(principal))
    const found = await devicesRepository(this.deps.db).visibleByIds(
      deviceVisibility(principal, scope),
      unique,
    )
    if (found.length !== unique.length) throw new AppError(ErrorCode.NO_PERMISSION)
    return found
  }

  async scope(principal: Principal): Promise<ProjectScope> {
    return ProjectScope.of(await this.deps.projects.projectsOf(principal.account.tenantId), principal)
  }

  /**
   * An upgrade order's devices (issue 13), with model and capabilities: those named (each visible
   * to the caller, or 600400143 and nothing happens), or a project's with its sub-projects as far
   * as the caller sees them.
   */
  async upgradeCandidates(principal: Principal, target: { ids?: number[]; gid?: number }) {
    const scope = await this.scope(principal)
    const repository = devicesRepository(this.deps.db)
    const visibility = deviceVisibility(principal, scope)
    if (target.ids) {
      const unique = [...new Set(target.ids)]
      const found = await repository.withProducts(visibility, { ids: unique })
      if (found.length !== unique.length) throw new AppError(ErrorCode.NO_PERMISSION)
      // The order's release order (its canary is the first N) is the order they were picked in.
      const picked = new Map(unique.map((id, index) => [id, index]))
      return found.sort((a, b) => picked.get(a.id)! - picked.get(b.id)!)
    }
    const root = scope.require(target.gid ?? 0).id
    const projectIds = [...subtreeIds(scope.projects, [root])].filter((id) => scope.has(id))
    // A project's devices are released in the order they were bound (their ids), whatever the scan.
    return (await repository.withProducts(visibility, { projectIds })).sort((a, b) => a.id - b.id)
  }

  /** A tenant's devices in these projects, whoever asks: the server's own work (an automatic template, a scheduled backup). */
  async inProjects(tenantId: number, projectIds: number[]): Promise<DeviceRow[]> {
    if (projectIds.length === 0) return []
    const repository = devicesRepository(this.deps.db)
    const visibility: DeviceVisibility = { kind: 'scoped', tenantId, projectIds, deviceIds: [] }
    return repository.visibleByIds(visibility, await repository.visibleIds(visibility))
  }

  /** A tenant's devices among `ids` (those still its own), whoever asks. */
  async ofTenant(tenantId: number, ids: number[]): Promise<DeviceRow[]> {
    if (ids.length === 0) return []
    return devicesRepository(this.deps.db).visibleByIds({ kind: 'tenant', tenantId }, [...new Set(ids)])
  }

  /** The devices among `ids` the caller may see (records about devices are filtered by it). */
  async visibleAmong(principal: Principal, ids: number[]): Promise<Set<number>> {
    const scope = await this.scope(principal)
    const found = await devicesRepository(this.deps.db).visibleByIds(deviceVisibility(principal, scope), [
      ...new Set(ids),
    ])
    return new Set(found.map((device) => device.id))
  }

  /** Status, firmware and model of devices, whoever's: the upgrade engine's own reading. */
  /** Which of these devices are online (an order's next wave goes to them). */
  async onlineAmong(ids: number[]): Promise<Set<number>> {
    return devicesRepository(this.deps.db).onlineAmong([...new Set(ids)])
  }

  async firmwareOf(ids: number[]) {
    return devicesRepository(this.deps.db).withProducts(undefined, { ids: [...new Set(ids)] })
  }

  /**
   * A device by id, whoever's: for callers holding their own proof of access (a remote link's
   * signed claims name the device and its tenant, checked by the caller).
   */
  async findById(id: number): Promise<DeviceRow | undefined> {
    return devicesRepository(this.deps.db).findById(id)
  }

  /** Devices by id, whoever's (a batch of alarms, each checked against its own tenant by the caller). */
  async findByIds(ids: number[]): Promise<DeviceRow[]> {
    return devicesRepository(this.deps.db).findByIds([...new Set(ids)])
  }

  /**
   * Which devices the caller's records may name (operation log, progress): its whole tenant, or
   * the devices in its scope now, by id.
   */
  async recordScope(principal: Principal): Promise<RecordScope> {
    const visibility = deviceVisibility(principal, await this.scope(principal))
    if (visibility.kind === 'tenant') return { tenantId: visibility.tenantId }
    return {
      tenantId: visibility.tenantId,
      deviceIds: await devicesRepository(this.deps.db).visibleIds(visibility),
    }
  }

  /** A product (a device model) by id: its options and limits, for the areas that apply settings. */
  async product(productId: number): Promise<ProductRow | undefined> {
    return productsRepository(this.deps.db).findById(productId)
  }

  /** Unpublished products may be bound by developer accounts (§6); the tenant owner's flag counts. */
  private async isDeveloperTenant(principal: Principal): Promise<boolean> {
    if (principal.account.isDeveloper) return true
    return this.deps.users.isDeveloperTenant(principal.account.tenantId)
  }
}

/** The devices a caller's records may name: all of the tenant's, or only `deviceIds`. */
export interface RecordScope {
  tenantId: number
  deviceIds?: number[]
}

export function toView(row: DeviceListRow): DeviceView {
  return {
    id: row.id,
    mac: row.mac,
    name: row.name,
    remark: row.remark,
    model: row.model,
    type: row.type,
    status: row.status,
    firmware: row.firmware,
    gid: row.projectId,
    project: row.projectName,
    project_is_root: row.projectIsDefault ? 1 : 0,
    access_time: row.boundAt?.toISOString() ?? null,
    status_changed_at: row.statusChangedAt?.toISOString() ?? null,
    last_seen_at: latest(row.lastSeenAt, row.metricsAt)?.toISOString() ?? null,
    uptime: row.uptime,
    cpu: row.cpu,
    mem: row.mem,
    clients: row.clients,
    wan_ip: row.wanIp,
  }
}

/** When the device was last heard from: its last online status or its latest telemetry. */
function latest(...times: Array<Date | null>): Date | null {
  return times.reduce<Date | null>((last, time) => (time && (!last || time > last) ? time : last), null)
}
