import type { JsonObject } from '@canopy/shared/protocol'
import type { Database, Executor } from '../../db/client'
import { groupedWritesByKey } from '../../lib/in-rounds'
import type { Principal } from '../auth/principal'
import type { ExecutionChannel, ExecutionStatus, FailureReason } from './executions'
import { operationsRepository, type SettleChange } from './operations.repository'

/**
 * Who an operation is recorded for: a signed-in account, or the server itself (accountId null),
 * e.g. an automatic configuration template reaching a newly bound device.
 */
export interface OperationActor {
  tenantId: number
  accountId: number | null
  accountName: string | null
}

/** The account a principal is, as the log records it. */
export function actorOf(principal: Principal): OperationActor {
  return {
    tenantId: principal.account.tenantId,
    accountId: principal.account.id,
    accountName: principal.account.username,
  }
}

export interface OperationTarget {
  id: number
  mac: string
}

/** How an operation's executions start: the channel its work takes, and the first status. */
export interface RecordOptions {
  channel: Exclude<ExecutionChannel, 'jobs'>
  /** QUEUED: waits for the device (offline); IN_PROGRESS: on its way; a final status for work done at once */
  status: ExecutionStatus
  reason?: FailureReason
}

/**
 * The operation log: every operation on devices is one record — who, what, with what detail —
 * with one execution per device (executions.ts), whose states are the log's result and a batch's
 * progress. Jobs record theirs through the Jobs service (the `jobs` channel); settings changes
 * and commands here.
 */
export class OperationLog {
  /**
   * Settles arriving together are written together: a rollout's devices report in by the
   * thousand, each ending its execution, one statement for up to 200 instead of one each.
   */
  private readonly settles: (change: SettleChange) => Promise<boolean>

  constructor(private readonly db: Database) {
    // Two moves of one execution (IN_PROGRESS, then SUCCEEDED) go in successive rounds, in order.
    this.settles = groupedWritesByKey(
      (change: SettleChange) => `${change.operationId}:${change.deviceId}`,
      (round) => operationsRepository(this.db).settleMany(round),
      { max: 200 },
    )
  }

  /**
   * The log's writes inside the caller's transaction, so a record commits together with the
   * change it records (a batch's log, sync state and desired state), or not at all.
   */
  within(tx: Executor): OperationWriter {
    return operationWriter(tx)
  }

  /** Records an operation on its own: the operation and its executions commit together. */
  record(
    principal: Principal,
    action: string,
    targets: readonly OperationTarget[],
    detail: JsonObject,
    options: RecordOptions,
  ): Promise<number> {
    return this.db.transaction((tx) =>
      operationWriter(tx).record(principal, action, targets, detail, options),
    )
  }

  /** Moves one device's execution on (if still pending); the operation's result follows from it. */
  settle(
    operationId: number,
    deviceId: number,
    status: ExecutionStatus,
    reason?: FailureReason,
  ): Promise<boolean> {
    return this.settles({ operationId, deviceId, status, reason })
  }
}

export type OperationWriter = ReturnType<typeof operationWriter>

/**
 * The operation a job is, stored in the Jobs service's transaction (its executions are the job's,
 * queued by the Jobs service on the `jobs` channel). `accountId` null: the server made it.
 */
export function recordJobOperation(
  tx: Executor,
  job: { tenantId: number; accountId: number | null; action: string; detail: JsonObject },
): Promise<number> {
  return operationsRepository(tx).insertForAccount(job)
}

/** The log's writes on one executor (a transaction the caller owns). */
function operationWriter(db: Executor) {
  const operations = operationsRepository(db)
  /** Records an operation and its executions for an account or the server. */
  async function recordAs(
    actor: OperationActor,
    action: string,
    targets: readonly OperationTarget[],
    detail: JsonObject,
    options: RecordOptions,
  ): Promise<number> {
    const operationId = await operations.insert({ ...actor, action, detail })
    await operations.addExecutions(
      operationId,
      targets.map((target) => ({ deviceId: target.id, mac: target.mac })),
      options.channel,
      options.status,
      options.reason,
    )
    return operationId
  }
  return {
    record(
      principal: Principal,
      action: string,
      targets: readonly OperationTarget[],
      detail: JsonObject,
      options: RecordOptions,
    ): Promise<number> {
      return recordAs(actorOf(principal), action, targets, detail, options)
    },

    recordAs,

    settle(operationId: number, deviceId: number, status: ExecutionStatus, reason?: FailureReason) {
      return operations.settle(operationId, deviceId, status, reason)
    },
  }
}
