import { ErrorCode } from '@canopy/shared/errors'
import { JOB_STATUSES } from '@canopy/shared/protocol'
import type { OperationProgressQuery } from '@canopy/shared/validation'
import type { Database } from '../../db/client'
import { AppError } from '../../http/app-error'
import type { Principal } from '../auth/principal'
import type { DevicesService } from '../devices/devices.service'
import { executionStatusesOf, progressStatusOf, reasonText, resultOf } from './executions'
import { operationsRepository } from './operations.repository'

/**
 * An operation's record as its caller may see it (§7 device/operation, a batch's progress): a
 * view of its executions. A record is about devices, so it is filtered by the caller's device
 * scope like the devices themselves: a child sees the executions on devices it may see now, and
 * the result over those alone; an operation with none of them in its scope is refused like one of
 * another tenant, or one that does not exist (600400143), so sequential ids tell nothing
 * (docs/decisions.md).
 *
 * The counts of each status always come, counted by the database; the devices come all at once
 * or a page at a time (`pageOffset`), optionally those of one status. A console following a
 * 10,000-device backup asks every second: a page keeps that answer small.
 */
export class OperationProgress {
  constructor(private readonly deps: { db: Database; devices: DevicesService }) {}

  async of(principal: Principal, query: OperationProgressQuery) {
    const visibility = await this.deps.devices.recordScope(principal)
    const operations = operationsRepository(this.deps.db)
    const operation = await operations.find(visibility, query.id)
    const counts = operation ? await operations.statusCounts(visibility, query.id) : new Map()
    if (!operation || counts.size === 0) throw new AppError(ErrorCode.NO_PERMISSION)
    const summary = { total: 0, pending: 0, applying: 0, success: 0, failed: 0 }
    for (const [status, count] of counts) {
      summary.total += count
      summary[progressStatusOf(status)] += count
    }
    const statuses = query.status ? executionStatusesOf(query.status) : undefined
    const paged =
      query.pageOffset === undefined
        ? {}
        : { limit: query.pageOffset, offset: ((query.pageIndex ?? 1) - 1) * query.pageOffset }
    const executions = await operations.executions(visibility, query.id, { statuses, ...paged })
    return {
      id: operation.id,
      action: operation.action,
      result: resultOf(JOB_STATUSES.filter((status) => counts.has(status))),
      account: operation.accountName,
      created_at: operation.createdAt.toISOString(),
      detail: operation.detail,
      summary,
      /** the devices in the status asked for (all of them without one): the pages' total */
      matching: query.status ? summary[query.status] : summary.total,
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
