import type { JsonObject } from '@canopy/shared/protocol'
import type { Database, Executor } from '../../db/client'
import type { Principal } from '../auth/principal'
import { type OperationStatus, operationsRepository } from './operations.repository'

export interface OperationTarget {
  id: number
  mac: string
}

/**
 * The operation log: every operation on devices is recorded — who, what, which devices, old and
 * new values, and how it went for each device (which is also a batch's progress). The log page
 * comes with the maintenance features; the records start here.
 */
export class OperationLog {
  constructor(private readonly db: Database) {}

  /**
   * The log's writes inside the caller's transaction, so a record commits together with the
   * change it records (a batch's log, sync state and desired state), or not at all.
   */
  within(tx: Executor): OperationWriter {
    return operationWriter(tx)
  }

  /** Records an operation on its own: the operation and its targets commit together. */
  record(
    principal: Principal,
    action: string,
    targets: readonly OperationTarget[],
    detail: JsonObject,
    status: OperationStatus = 'pending',
  ): Promise<number> {
    return this.db.transaction((tx) => operationWriter(tx).record(principal, action, targets, detail, status))
  }

  /** Sets one device's outcome and the operation's, together. */
  settle(operationId: number, deviceId: number, status: OperationStatus, reason?: string): Promise<void> {
    return this.db.transaction((tx) => operationWriter(tx).settle(operationId, deviceId, status, reason))
  }
}

export type OperationWriter = ReturnType<typeof operationWriter>

/** The log's writes on one executor (a transaction the caller owns). */
function operationWriter(db: Executor) {
  const operations = operationsRepository(db)
  return {
    async record(
      principal: Principal,
      action: string,
      targets: readonly OperationTarget[],
      detail: JsonObject,
      status: OperationStatus = 'pending',
    ): Promise<number> {
      const operationId = await operations.insert({
        tenantId: principal.account.tenantId,
        accountId: principal.account.id,
        accountName: principal.account.username,
        action,
        detail,
        result: status === 'applying' ? 'pending' : status,
      })
      await operations.addTargets(
        operationId,
        targets.map((target) => ({ deviceId: target.id, mac: target.mac, status })),
      )
      return operationId
    },

    settle(operationId: number, deviceId: number, status: OperationStatus, reason?: string): Promise<void> {
      return operations.settle(operationId, deviceId, status, reason)
    },
  }
}
