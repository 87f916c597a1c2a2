import { ErrorCode } from '@canopy/shared/errors'
import type { Database } from '../../db/client'
import { AppError } from '../../http/app-error'
import type { Principal } from '../auth/principal'
import type { DevicesService } from '../devices/devices.service'
import { progressStatusOf, reasonText, resultOf } from './executions'
import { operationsRepository } from './operations.repository'

/**
 * An operation's record as its caller may see it (§7 device/operation, a batch's progress): a
 * view of its executions. A record is about devices, so it is filtered by the caller's device
 * scope like the devices themselves: a child sees the executions on devices it may see now, and
 * the result over those alone; an operation with none of them in its scope is refused like one of
 * another tenant, or one that does not exist (600400143), so sequential ids tell nothing
 * (docs/decisions.md).
 */
export class OperationProgress {
  constructor(private readonly deps: { db: Database; devices: DevicesService }) {}

  async of(principal: Principal, operationId: number) {
    const visibility = await this.deps.devices.recordScope(principal)
    const operations = operationsRepository(this.deps.db)
    const operation = await operations.find(visibility, operationId)
    const executions = operation ? await operations.executions(visibility, operationId) : []
    if (!operation || executions.length === 0) throw new AppError(ErrorCode.NO_PERMISSION)
    return {
      id: operation.id,
      action: operation.action,
      result: resultOf(executions.map((execution) => execution.status)),
      account: operation.accountName,
      created_at: operation.createdAt.toISOString(),
      detail: operation.detail,
      targets: executions.map((execution) => ({
        device_id: execution.deviceId,
        mac: execution.mac,
        status: progressStatusOf(execution.status),
        reason: reasonText(execution.reasonCode, execution.reasonDetail),
        reason_code: execution.reasonCode,
        execution_status: execution.status,
        updated_at: execution.lastUpdatedAt.toISOString(),
      })),
    }
  }
}
