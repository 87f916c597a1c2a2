import { decideBatch } from '@canopy/shared/batch-rules'
import { ErrorCode } from '@canopy/shared/errors'
import { permits } from '@canopy/shared/permissions'
import {
  logWindow,
  parseUpgradeTime,
  UPGRADE_MAX_DEVICES,
  UPGRADE_MAX_RETRIES,
  type UpgradeCreateRequest,
  type UpgradeInfoRequest,
} from '@canopy/shared/validation'
import type { Database } from '../../db/client'
import type { JobsService } from '../../gateway/jobs/jobs.service'
import { AppError } from '../../http/app-error'
import { pageWindow } from '../../lib/paging'
import { deviceVisibility } from '../access/device-scope'
import type { Principal } from '../auth/principal'
import type { DeviceVisibility } from '../devices/devices.repository'
import type { DevicesService } from '../devices/devices.service'
import { type FirmwareCatalogue, retryJobId, type UpgradeEngine } from './upgrade-engine'
import { canarySize, DEFAULT_WINDOW_MS, optionsOf } from './upgrade-options'
import { deviceProgress, orderResult } from './upgrade-verdict'
import { type OrderRow, upgradesRepository } from './upgrades.repository'

export interface OrderListRequest {
  pageIndex: number
  pageOffset: number
  model?: string
  result?: string
  start?: string
  end?: string
  days?: number
}

/**
 * Upgrade orders (issue 13): creation under the §5/§8 rules, the list and detail, retry (capped),
 * cancel and delete. The rollout itself is the engine's (upgrade-engine.ts).
 */
export class UpgradesService {
  constructor(
    private readonly deps: {
      db: Database
      devices: DevicesService
      firmware: FirmwareCatalogue
      jobs: JobsService
      engine: UpgradeEngine
    },
  ) {}

  async create(
    principal: Principal,
    request: UpgradeCreateRequest,
  ): Promise<{ id: number; order_no: string }> {
    const tenantId = principal.account.tenantId
    const candidates = await this.deps.devices.upgradeCandidates(principal, {
      ...(request.deviceIds ? { ids: request.deviceIds } : {}),
      ...(request.gid === undefined ? {} : { gid: request.gid }),
    })
    if (candidates.length > UPGRADE_MAX_DEVICES) throw new AppError(ErrorCode.UPGRADE_MAX_DEVICES)
    if (candidates.some((device) => !device.capabilities.includes('upgrade')))
      throw new AppError(ErrorCode.DEVICE_NO_UPGRADE)
    const decision = decideBatch(
      'upgrade',
      candidates.map((device) => ({ status: device.status, model: device.model })),
      (permission) => permits(principal.access, permission),
      { waitOffline: request.waitOffline ?? false },
    )
    if (!decision.allowed)
      throw new AppError(decision.code, decision.violation ? { violations: [decision.violation] } : undefined)
    const pkg = await this.deps.firmware.get(tenantId, request.packageId)
    if (!pkg) throw new AppError(ErrorCode.FILE_NOT_FOUND)
    if (pkg.model !== candidates[0]!.model) throw new AppError(ErrorCode.FIRMWARE_MODEL_MISMATCH)

    const options = optionsOf(request)
    const startAt = request.timing === 'timed' ? parseUpgradeTime(request.startAt!)! : new Date()
    const windowEnd = request.windowEnd
      ? parseUpgradeTime(request.windowEnd)!
      : new Date(startAt.getTime() + DEFAULT_WINDOW_MS)
    const canary = canarySize(options, candidates.length)
    const created = await this.deps.db.transaction(async (tx) => {
      const orders = upgradesRepository(tx)
      const order = await orders.insertOrder({
        tenantId,
        createdBy: principal.account.id,
        packageId: pkg.id,
        model: pkg.model,
        targetVersion: pkg.version,
        timing: request.timing,
        startAt,
        options,
        status: 'scheduled',
        windowEnd,
      })
      await orders.insertDevices(
        order.id,
        candidates.map((device, position) => ({
          deviceId: device.id,
          position,
          canary: position < canary,
          mac: device.mac,
          fromVersion: device.firmware,
        })),
      )
      return order
    })
    // Durable first (a crash now: the next start's reconciliation queues it), then at once here.
    await this.deps.engine.schedule(created.id, startAt)
    if (request.timing === 'immediate') this.deps.engine.wake(created.id)
    return { id: created.id, order_no: created.orderNo }
  }

  async list(principal: Principal, request: OrderListRequest) {
    const visibility = await this.visibility(principal)
    const window = logWindow(request)
    const rows = await upgradesRepository(this.deps.db).list(
      {
        visibility,
        ...window,
        ...(request.model ? { model: request.model } : {}),
        ...pageWindow(request),
      },
      request.result,
    )
    return {
      total: rows[0]?.total ?? 0,
      list: rows.map((row) =>
        orderView(row, row.deviceCount, {
          waiting: row.waiting,
          upgrading: row.upgrading,
          success: row.success,
          failed: row.failed,
        }),
      ),
    }
  }

  /**
   * The order, its counts over the devices the caller sees, and one page of them (of one upgrade
   * result, when asked): counted in SQL, executions and names read for the page only.
   */
  async info(principal: Principal, request: UpgradeInfoRequest) {
    const visibility = await this.visibility(principal)
    const order = await this.requireOrder(principal, request.id, visibility)
    const orders = upgradesRepository(this.deps.db)
    const summary = await orders.detailCounts(order.id, visibility, UPGRADE_MAX_RETRIES)
    const { retriable, total: deviceCount, ...counts } = summary
    const devices = await orders.devicePage(order.id, visibility, {
      ...pageWindow(request),
      ...(request.result ? { result: request.result } : {}),
    })
    const executions = new Map(
      (
        await this.deps.jobs.latestExecutions(
          devices.flatMap((device) => (device.jobId ? [device.jobId] : [])),
        )
      ).map((execution) => [`${execution.jobId}:${execution.deviceId}`, execution]),
    )
    const names = new Map(
      (await this.deps.devices.firmwareOf(devices.map((device) => device.deviceId))).map((device) => [
        device.id,
        device.name,
      ]),
    )
    const list = devices.map((device) => {
      const execution = device.jobId ? executions.get(`${device.jobId}:${device.deviceId}`) : undefined
      return {
        device_id: device.deviceId,
        mac: device.mac,
        name: names.get(device.deviceId) ?? null,
        from_version: device.fromVersion,
        ...deviceProgress(device, execution),
        retries: device.retries,
        max_retries: UPGRADE_MAX_RETRIES,
        canary: device.canary,
        wave: device.wave,
        updated_at: new Date(
          Math.max(
            device.finishedAt?.getTime() ?? 0,
            (execution?.lastUpdatedAt ?? 0) * 1000,
            device.releasedAt?.getTime() ?? 0,
          ) || order.createdAt.getTime(),
        ).toISOString(),
      }
    })
    return {
      order: { ...orderView(order, deviceCount, counts), options: order.options },
      /** failed devices "retry failed" would send again (under the retry cap) */
      retriable,
      /** devices matching the filter, over every page */
      total: request.result ? counts[request.result] : deviceCount,
      devices: list,
    }
  }

  /**
   * Sends failed devices again (all of them, or those named), each at most UPGRADE_MAX_RETRIES
   * times (§4, §9: "Maximum retries reached"). The engine creates their job on its next tick.
   */
  async retry(principal: Principal, id: number, deviceIds?: number[]): Promise<{ retried: number }> {
    const visibility = await this.visibility(principal)
    await this.requireOrder(principal, id, visibility)
    if (deviceIds) {
      const visible = await this.deps.devices.visibleAmong(principal, deviceIds)
      if (visible.size !== new Set(deviceIds).size) throw new AppError(ErrorCode.NO_PERMISSION)
    }
    const retried = await this.deps.db.transaction(async (tx) => {
      const orders = upgradesRepository(tx)
      const order = (await orders.find(id, { lock: true }))!
      if (order.status === 'scheduled') throw new AppError(ErrorCode.INVALID_PARAMETER)
      // "All failed" is all the caller sees: a child's retry leaves other projects' devices alone.
      const devices = await orders.devices(id, visibility)
      const named = deviceIds ? new Set(deviceIds) : undefined
      const failed = devices.filter(
        (device) => device.outcome === 'failed' && (!named || named.has(device.deviceId)),
      )
      if (named && failed.length !== named.size) throw new AppError(ErrorCode.INVALID_PARAMETER)
      const capped = failed.filter((device) => device.retries >= UPGRADE_MAX_RETRIES)
      if (capped.length > 0 && (named || capped.length === failed.length))
        throw new AppError(ErrorCode.UPGRADE_MAX_RETRIES)
      const retrying = failed.filter((device) => device.retries < UPGRADE_MAX_RETRIES)
      if (retrying.length === 0) return 0
      const wave = order.waves + 1
      await orders.release(
        id,
        retrying.map((device) => device.deviceId),
        wave,
        retryJobId(id, wave),
        true,
      )
      // A retry reopens the order, with an hour at least to run in.
      const windowEnd = new Date(Math.max(order.windowEnd.getTime(), Date.now() + 3_600_000))
      await orders.setStatus(id, 'running', { endReason: null, finished: false, windowEnd })
      return retrying.length
    })
    if (retried > 0) {
      await this.deps.engine.schedule(id, new Date())
      this.deps.engine.wake(id)
    }
    return { retried }
  }

  /** Stops what has not started: nothing more is sent, queued executions end canceled. */
  async cancel(principal: Principal, id: number): Promise<void> {
    await this.requireOrder(principal, id)
    const canceled = await this.deps.db.transaction(async (tx) => {
      const orders = upgradesRepository(tx)
      const order = (await orders.find(id, { lock: true }))!
      if (order.status !== 'scheduled' && order.status !== 'running') return false
      await orders.setStatus(id, 'canceled')
      return true
    })
    if (canceled) {
      await this.deps.engine.schedule(id, new Date())
      this.deps.engine.wake(id)
    }
  }

  /** §4: a record in preparation or upgrading cannot be deleted; ended ones go, with their devices. */
  async remove(principal: Principal, ids: number[]): Promise<void> {
    const tenantId = principal.account.tenantId
    const visibility = await this.visibility(principal)
    for (const id of ids) await this.requireOrder(principal, id, visibility)
    await this.deps.db.transaction(async (tx) => {
      const orders = upgradesRepository(tx)
      const locked = await orders.lockMany(tenantId, ids)
      if (locked.length !== new Set(ids).size) throw new AppError(ErrorCode.NO_PERMISSION)
      if (locked.some((order) => order.status === 'scheduled' || order.status === 'running'))
        throw new AppError(ErrorCode.UPGRADE_RECORD_BUSY)
      if (await orders.hasOpenDevices(ids)) throw new AppError(ErrorCode.UPGRADE_RECORD_BUSY)
      await orders.remove(tenantId, ids)
    })
  }

  /** Each device's upgrade status (its latest order) and the newest package for its model. */
  async deviceStatuses(principal: Principal, ids: number[]) {
    // Every device named must be the caller's to see (600400143 otherwise, like any device call).
    const visible = (await this.deps.devices.requireDevices(principal, ids)).map((device) => device.id)
    const latest = new Map(
      (await upgradesRepository(this.deps.db).latestOfDevices(principal.account.tenantId, visible)).map(
        (row) => [row.deviceId, row],
      ),
    )
    const devices = await this.deps.devices.firmwareOf(visible)
    const newest = new Map<string, string | null>()
    for (const model of new Set(devices.map((device) => device.model))) {
      const [pkg] = await this.deps.firmware.usableFor(principal.account.tenantId, model)
      newest.set(model, pkg?.version ?? null)
    }
    return {
      list: devices.map((device) => {
        const row = latest.get(device.id)
        const version = newest.get(device.model) ?? null
        return {
          id: device.id,
          upgrade_status: row ? deviceProgress(row, undefined).upgrade_result : null,
          latest_version:
            version !== null && compareVersions(version, device.firmware ?? '') > 0 ? version : null,
        }
      }),
    }
  }

  /** Which of these packages an order uses (a package in use cannot be deleted). */
  async packagesInUse(packageIds: number[]): Promise<ReadonlySet<number>> {
    const used = new Set<number>()
    for (const id of new Set(packageIds))
      if (await upgradesRepository(this.deps.db).packageInUse(id)) used.add(id)
    return used
  }

  private async visibility(principal: Principal) {
    return deviceVisibility(principal, await this.deps.devices.scope(principal))
  }

  /** The tenant's order with a device the caller sees, or 600400143 (asked in SQL, stopping at one). */
  private async requireOrder(principal: Principal, id: number, known?: DeviceVisibility): Promise<OrderRow> {
    const orders = upgradesRepository(this.deps.db)
    const order = await orders.find(id, { tenantId: principal.account.tenantId })
    if (!order) throw new AppError(ErrorCode.NO_PERMISSION)
    const visibility = known ?? (await this.visibility(principal))
    if (!(await orders.hasVisibleDevice(id, visibility))) throw new AppError(ErrorCode.NO_PERMISSION)
    return order
  }
}

export function orderView(
  order: OrderRow,
  deviceCount: number,
  counts: { waiting: number; upgrading: number; success: number; failed: number },
) {
  return {
    id: order.id,
    order_no: order.orderNo,
    model: order.model,
    version: order.targetVersion,
    device_count: deviceCount,
    timing: order.timing,
    start_at: order.startAt.toISOString(),
    created_at: order.createdAt.toISOString(),
    created_by: order.createdByName,
    status: order.status,
    end_reason: order.endReason,
    window_end: order.windowEnd.toISOString(),
    result: orderResult(counts, order.status === 'scheduled' || order.status === 'running'),
    counts,
  }
}

/** Dotted versions compared part by part, numbers as numbers ("2.10.0" > "2.9.1"). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.-]/)
  const pb = b.split(/[.-]/)
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const [x, y] = [pa[i] ?? '', pb[i] ?? '']
    const [nx, ny] = [Number(x), Number(y)]
    const diff = x !== '' && y !== '' && !Number.isNaN(nx) && !Number.isNaN(ny) ? nx - ny : x.localeCompare(y)
    if (diff !== 0) return Math.sign(diff)
  }
  return 0
}
