import { ErrorCode } from '@canopy/shared/errors'
import type { Database } from '../../db/client'
import { AppError } from '../../http/app-error'
import { deviceVisibility } from '../access/device-scope'
import type { Principal } from '../auth/principal'
import type { DevicesService } from '../devices/devices.service'
import { operationsRepository } from './operations.repository'

/**
 * An operation's record as its caller may see it (§7 device/operation, a batch's progress). A
 * record is about devices, so it is filtered by the caller's device scope like the devices
 * themselves: a child sees the targets it may see now, and the result over those alone; an
 * operation with none of them in its scope is refused like one of another tenant, or one that
 * does not exist (600400143), so sequential ids tell nothing (docs/decisions.md).
 */
export class OperationProgress {
  constructor(private readonly deps: { db: Database; devices: DevicesService }) {}

  async of(principal: Principal, operationId: number) {
    const visibility = deviceVisibility(principal, await this.deps.devices.scope(principal))
    const operation = await operationsRepository(this.deps.db).findVisible(visibility, operationId)
    if (!operation || operation.targets.length === 0) throw new AppError(ErrorCode.NO_PERMISSION)
    const whole = visibility.kind === 'tenant'
    return {
      id: operation.id,
      action: operation.action,
      result: whole ? operation.result : resultOf(operation.targets.map((target) => target.status)),
      account: operation.accountName,
      created_at: operation.createdAt.toISOString(),
      detail: operation.detail,
      targets: operation.targets.map((target) => ({
        device_id: target.deviceId,
        mac: target.mac,
        status: target.status,
        reason: target.reason,
        updated_at: target.updatedAt.toISOString(),
      })),
    }
  }
}

/**
 * An operation's result over some of its targets: pending while any is, else success, failed or
 * partial — the rule `operationsRepository.settle` stores for all of them.
 */
export function resultOf(statuses: readonly string[]): string {
  if (statuses.some((status) => status === 'pending' || status === 'applying')) return 'pending'
  if (statuses.every((status) => status === 'success')) return 'success'
  if (statuses.every((status) => status === 'failed')) return 'failed'
  return 'partial'
}
