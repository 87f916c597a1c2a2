import type { DeviceAction } from '@canopy/shared/batch-rules'
import { ErrorCode } from '@canopy/shared/errors'
import { type Capability, wifiOptionsFor } from '@canopy/shared/protocol'
import { and, eq, gte, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { accountRoles, accounts, deviceMetrics, roleDevices, roleProjects } from '../../db/schema'
import { type RpcClient, RpcRefused, RpcTimeout } from '../../gateway/rpc'
import { AppError } from '../../http/app-error'
import type { Principal } from '../auth/principal'
import { reasonOfError } from '../operations/executions'
import type { OperationLog } from '../operations/operation-log'
import { productOptionsOf } from '../settings/model-limits'
import { requireBatch } from './batch-check'
import type { DeviceRow } from './devices.repository'
import type { DevicesService } from './devices.service'
import { productsRepository } from './products.repository'

/**
 * Immediate operations (§7): commands to the device over RPC with a timeout. An offline device
 * is refused at once (600400186), a model without the feature too (600400251).
 */
export class DeviceControlService {
  constructor(
    private readonly deps: { db: Database; devices: DevicesService; rpc: () => RpcClient; log: OperationLog },
  ) {}

  /** Reboots devices now (§4: online ones only; a batch needs them all online). */
  async restart(principal: Principal, ids: number[]) {
    const devices = await this.online(principal, ids, 'reboot', 'reboot')
    const operationId = await this.deps.log.record(
      principal,
      ids.length > 1 ? 'device.restarts' : 'device.restart',
      devices.map((device) => ({ id: device.id, mac: device.mac })),
      {},
      { channel: 'rpc', status: 'IN_PROGRESS' },
    )
    await Promise.all(
      devices.map(async (device) => {
        try {
          await this.call(device, 'reboot')
          await this.deps.log.settle(operationId, device.id, 'SUCCEEDED')
        } catch (error) {
          await this.deps.log.settle(operationId, device.id, 'FAILED', reasonOfError(error))
        }
      }),
    )
    return { operation_id: operationId }
  }

  /** Blinks the LED so someone on site can find the device. */
  async blink(principal: Principal, id: number) {
    const [device] = await this.online(principal, [id], 'ask', 'led')
    return this.call(device!, 'led.blink', { seconds: 10 })
  }

  /** The device's log, read on demand (§8: "please enable logging" when it keeps none). */
  async log(principal: Principal, id: number) {
    const [device] = await this.online(principal, [id], 'ask', 'log')
    const log = (await this.call(device!, 'log.read', { lines: 500 })) as {
      enabled?: boolean
      lines?: unknown
    }
    if (log.enabled === false) throw new AppError(ErrorCode.LOG_DISABLED)
    return { lines: Array.isArray(log.lines) ? log.lines : [] }
  }

  /** The clients connected now (§7 wifi/users). */
  async clients(principal: Principal, id: number) {
    const [device] = await this.online(principal, [id], 'ask', 'clients')
    const clients = await this.call(device!, 'clients.list')
    return { clients: Array.isArray(clients) ? clients : [] }
  }

  /** The WiFi choices of the device's model in its region (§7 getwifioptions). */
  async wifiOptions(principal: Principal, id: number) {
    const [device] = await this.deps.devices.requireDevices(principal, [id])
    const product = (await productsRepository(this.deps.db).findById(device!.productId))!
    return wifiOptionsFor(productOptionsOf(product), device!.region)
  }

  /** CPU, memory and clients over the last hours, from the telemetry samples (§7 reports). */
  async reports(principal: Principal, id: number, hours: number) {
    await this.deps.devices.requireDevices(principal, [id])
    const rows = await this.deps.db
      .select({
        at: deviceMetrics.at,
        cpu: deviceMetrics.cpu,
        mem: deviceMetrics.mem,
        clients: deviceMetrics.clients,
      })
      .from(deviceMetrics)
      .where(
        and(eq(deviceMetrics.deviceId, id), gte(deviceMetrics.at, new Date(Date.now() - hours * 3600_000))),
      )
      .orderBy(deviceMetrics.at)
    return { points: rows.map((row) => ({ ...row, at: row.at.toISOString() })) }
  }

  /**
   * The accounts that see the device (§7 relation/users): the primary account and every child
   * whose roles manage its project (or a project above it) or the device itself.
   */
  async relatedAccounts(principal: Principal, id: number) {
    const scope = await this.deps.devices.scope(principal)
    const [device] = await this.deps.devices.requireDevices(principal, [id], scope)
    const ancestors: number[] = []
    for (let current = device!.projectId; current != null; ) {
      ancestors.push(current)
      current = scope.projects.find((project) => project.id === current)?.parentId ?? null
    }
    const rows = await this.deps.db
      .selectDistinct({
        uid: accounts.id,
        username: accounts.username,
        nickname: accounts.nickname,
        isPrimary: accounts.isPrimary,
      })
      .from(accounts)
      .where(
        and(
          eq(accounts.tenantId, principal.account.tenantId),
          sql`(${accounts.isPrimary} or ${accounts.id} in (
            select ${accountRoles.accountId} from ${accountRoles}
            where ${accountRoles.roleId} in (select ${roleProjects.roleId} from ${roleProjects} where ${inArray(roleProjects.projectId, ancestors.length ? ancestors : [0])})
               or ${accountRoles.roleId} in (select ${roleDevices.roleId} from ${roleDevices} where ${roleDevices.deviceId} = ${id})))`,
        ),
      )
      .orderBy(accounts.id)
    return rows.map((row) => ({
      uid: row.uid,
      username: row.username,
      nickname: row.nickname,
      is_primary: row.isPrimary ? 1 : 0,
    }))
  }

  /** The devices, if visible, online (the shared batch rule of `action`) and of models that have the feature. */
  private async online(
    principal: Principal,
    ids: number[],
    action: Extract<DeviceAction, 'reboot' | 'ask'>,
    capability: Capability,
  ): Promise<DeviceRow[]> {
    const devices = await this.deps.devices.requireDevices(principal, ids)
    requireBatch(principal, action, devices)
    for (const productId of new Set(devices.map((device) => device.productId))) {
      const product = await productsRepository(this.deps.db).findById(productId)
      if (!product?.capabilities.includes(capability)) throw new AppError(ErrorCode.UNSUPPORTED_FEATURE)
    }
    return devices
  }

  private async call(device: DeviceRow, method: string, params?: unknown): Promise<unknown> {
    try {
      return await this.deps.rpc().call(device.thingName, method, params)
    } catch (error) {
      if (error instanceof RpcTimeout) throw new AppError(ErrorCode.DEVICE_NOT_ANSWERING)
      if (error instanceof RpcRefused && error.code === 'unsupported')
        throw new AppError(ErrorCode.UNSUPPORTED_FEATURE)
      if (error instanceof RpcRefused && error.code === 'log-disabled')
        throw new AppError(ErrorCode.LOG_DISABLED)
      throw error
    }
  }
}
