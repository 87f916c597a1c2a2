import type { JsonObject } from '@canopy/shared/protocol'
import type { OperationResult } from '@canopy/shared/validation'
import { type SQL, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import type { RecordScope } from '../devices/devices.service'
import type { ExecutionChannel, ExecutionStatus, FailureReason } from './executions'

/** A device an operation's execution names (its MAC stays when the device goes). */
export interface ExecutionTarget {
  deviceId: number
  mac: string
}

/** An execution as the log and a batch's progress read it. */
export interface ExecutionView {
  operationId: number
  deviceId: number
  mac: string
  channel: ExecutionChannel
  status: ExecutionStatus
  reasonCode: string | null
  reasonDetail: string | null
  lastUpdatedAt: Date
}

export interface OperationRow {
  id: number
  tenantId: number
  accountName: string | null
  action: string
  detail: JsonObject
  createdAt: Date
}

/** What the operation log lists: operations of a tenant within a window, by action and result. */
export interface OperationQuery {
  visibility: RecordScope
  from?: Date
  to?: Date
  action?: string
  result?: OperationResult
  limit: number
  offset: number
}

export interface OperationSummary extends OperationRow {
  deviceCount: number
  result: OperationResult
}

/** A device's latest execution of an operation (a job may run again on a device: a new number). */
const LATEST = sql`not exists (select 1 from job_executions n where n.operation_id = e.operation_id
  and n.device_id = e.device_id and n.execution_number > e.execution_number)`

/** An execution of an operation moving on (settleMany). */
export interface SettleChange {
  operationId: number
  deviceId: number
  status: ExecutionStatus
  reason?: FailureReason
}

/** The rule of `resultOf` (executions.ts) over a group of executions. */
const RESULT = sql`case when bool_or(e.status in ('QUEUED', 'IN_PROGRESS')) then 'pending'
  when bool_and(e.status = 'SUCCEEDED') then 'success'
  when bool_and(e.status <> 'SUCCEEDED') then 'failed' else 'partial' end`

const EXECUTION_VIEW = sql`e.operation_id as "operationId", e.device_id as "deviceId", e.mac, e.channel,
  e.status, e.reason_code as "reasonCode", e.reason_detail as "reasonDetail", e.last_updated_at as "lastUpdatedAt"`

/** Only executions on devices the scope names (nothing to add for the whole tenant). */
function inScope(scope: RecordScope): SQL {
  if (scope.deviceIds === undefined) return sql``
  return sql`and e.device_id = any(${sql.param(scope.deviceIds)}::int[])`
}

/** The rows of a raw query, timestamps as Dates whatever the driver hands back. */
async function rows<T>(db: Executor, query: SQL, dates: readonly string[]): Promise<T[]> {
  const result = await db.execute(query)
  return result.rows.map((row) => {
    const record = row as Record<string, unknown>
    for (const field of dates) {
      const value = record[field]
      if (value !== null && value !== undefined && !(value instanceof Date))
        record[field] = new Date(value as string)
    }
    return record as T
  })
}

export function operationsRepository(db: Executor) {
  /** Each operation's device count and result over the executions the caller may see. */
  async function resultsOf(
    visibility: RecordScope,
    operationIds: number[],
  ): Promise<Map<number, { deviceCount: number; result: OperationResult }>> {
    if (operationIds.length === 0) return new Map()
    const found = await rows<{ operationId: number; deviceCount: number; result: OperationResult }>(
      db,
      sql`select e.operation_id as "operationId", count(*)::int as "deviceCount", ${RESULT} as result
      from job_executions e
      where e.operation_id = any(${sql.param(operationIds)}::int[]) and ${LATEST} ${inScope(visibility)}
      group by e.operation_id`,
      [],
    )
    return new Map(found.map(({ operationId, ...counts }) => [operationId, counts]))
  }

  return {
    /** Stores an operation (who, what); its executions follow with `addExecutions`. */
    async insert(values: {
      tenantId: number
      accountId: number | null
      accountName: string | null
      action: string
      detail: JsonObject
    }): Promise<number> {
      const [row] = await rows<{ id: number }>(
        db,
        sql`insert into operation_logs (tenant_id, account_id, account_name, action, detail)
          values (${values.tenantId}, ${values.accountId}, ${values.accountName}, ${values.action},
            ${JSON.stringify(values.detail)}::jsonb)
          returning id`,
        [],
      )
      return row!.id
    },

    /** Stores an operation made on an account's behalf (its name now) or by the server itself (none). */
    async insertForAccount(values: {
      tenantId: number
      accountId: number | null
      action: string
      detail: JsonObject
    }): Promise<number> {
      const [row] = await rows<{ id: number }>(
        db,
        sql`insert into operation_logs (tenant_id, account_id, account_name, action, detail)
          values (${values.tenantId}, ${values.accountId},
            (select username from accounts where id = ${values.accountId}), ${values.action},
            ${JSON.stringify(values.detail)}::jsonb)
          returning id`,
        [],
      )
      return row!.id
    },

    /** One execution per device of an operation, all in one status, in one statement. */
    async addExecutions(
      operationId: number,
      targets: readonly ExecutionTarget[],
      channel: Exclude<ExecutionChannel, 'jobs'>,
      status: ExecutionStatus,
      reason?: FailureReason,
    ): Promise<void> {
      if (targets.length === 0) return
      await db.execute(sql`
        insert into job_executions (operation_id, device_id, mac, channel, execution_number, status,
          status_details, reason_code, reason_detail, version_number, started_at)
        select ${operationId}, t.device_id, t.mac, ${channel}, 1, ${status}, '{}'::jsonb,
          ${reason?.code ?? null}, ${reason?.detail ?? null}, 1,
          ${status === 'QUEUED' ? sql`null` : sql`now()`}
        from unnest(${sql.param(targets.map((target) => target.deviceId))}::int[],
          ${sql.param(targets.map((target) => target.mac))}::text[]) as t(device_id, mac)`)
    },

    /**
     * Moves a device's execution of an operation on, if it is still pending and the state machine
     * allows it (TIMED_OUT only from IN_PROGRESS); false when it had moved on already.
     */
    async settle(
      operationId: number,
      deviceId: number,
      status: ExecutionStatus,
      reason?: FailureReason,
    ): Promise<boolean> {
      const [moved] = await this.settleMany([{ operationId, deviceId, status, reason }])
      return moved!
    },

    /**
     * `settle` for several executions in one statement, each moved or not (in order). Each
     * operation and device appears once: of two rows for one execution only one would be applied.
     */
    async settleMany(changes: readonly SettleChange[]): Promise<boolean[]> {
      const values = JSON.stringify(
        changes.map((change) => ({
          operation_id: change.operationId,
          device_id: change.deviceId,
          status: change.status,
          reason_code: change.reason?.code ?? null,
          reason_detail: change.reason?.detail ?? null,
        })),
      )
      const moved = await db.execute<{ key: string }>(sql`
        update job_executions e set status = v.status, reason_code = v.reason_code,
          reason_detail = v.reason_detail, version_number = e.version_number + 1,
          last_updated_at = now(),
          started_at = coalesce(e.started_at, case when v.status = 'QUEUED' then null else now() end)
        from jsonb_to_recordset(${values}::jsonb)
          as v(operation_id int, device_id int, status text, reason_code text, reason_detail text)
        where e.operation_id = v.operation_id and e.device_id = v.device_id
          and e.status in ('QUEUED', 'IN_PROGRESS') and (v.status <> 'TIMED_OUT' or e.status = 'IN_PROGRESS')
          and e.channel <> 'jobs' and ${LATEST}
        returning e.operation_id || ':' || e.device_id as key`)
      const keys = new Set(moved.rows.map((row) => row.key))
      return changes.map((change) => keys.has(`${change.operationId}:${change.deviceId}`))
    },

    /** An operation of the visibility's tenant, or undefined. */
    async find(visibility: RecordScope, operationId: number): Promise<OperationRow | undefined> {
      const [row] = await rows<OperationRow>(
        db,
        sql`select id, tenant_id as "tenantId", account_name as "accountName", action, detail,
          created_at as "createdAt"
        from operation_logs where tenant_id = ${visibility.tenantId} and id = ${operationId}`,
        ['createdAt'],
      )
      return row
    },

    /**
     * An operation's executions the caller may see, each device's latest: all of them for the
     * whole tenant (the log outlives its devices), else those on devices in its scope now.
     */
    async executions(
      visibility: RecordScope,
      operationId: number,
      only: { statuses?: readonly ExecutionStatus[]; limit?: number; offset?: number } = {},
    ): Promise<ExecutionView[]> {
      return rows<ExecutionView>(
        db,
        sql`select ${EXECUTION_VIEW} from job_executions e
        where e.operation_id = ${operationId} and ${LATEST} ${inScope(visibility)}
        ${only.statuses ? sql`and e.status = any(${sql.param(only.statuses)}::text[])` : sql``}
        order by e.mac, e.device_id
        ${only.limit === undefined ? sql`` : sql`limit ${only.limit} offset ${only.offset ?? 0}`}`,
        ['lastUpdatedAt'],
      )
    },

    /** How many of an operation's executions the caller may see are in each status. */
    async statusCounts(visibility: RecordScope, operationId: number): Promise<Map<ExecutionStatus, number>> {
      const found = await rows<{ status: ExecutionStatus; count: number }>(
        db,
        sql`select e.status, count(*)::int as count from job_executions e
        where e.operation_id = ${operationId} and ${LATEST} ${inScope(visibility)}
        group by e.status`,
        [],
      )
      return new Map(found.map(({ status, count }) => [status, count]))
    },

    /**
     * A page of the log, newest first, and how many match: each operation with the devices of its
     * executions the caller may see, its result over those (an operation with none is not listed).
     */
    async list(query: OperationQuery): Promise<{ total: number; list: OperationSummary[] }> {
      const { visibility } = query
      const window = sql`o.tenant_id = ${visibility.tenantId}
        ${query.from ? sql`and o.created_at >= ${query.from.toISOString()}::timestamptz` : sql``}
        ${query.to ? sql`and o.created_at < ${query.to.toISOString()}::timestamptz` : sql``}
        ${query.action ? sql`and o.action = ${query.action}` : sql``}`
      const page = sql`order by o.created_at desc, o.id desc limit ${query.limit} offset ${query.offset}`
      const columns = sql`o.id, o.tenant_id as "tenantId", o.account_name as "accountName", o.action, o.detail,
        o.created_at as "createdAt"`
      if (query.result) {
        // The result is known only once an operation's executions are counted: count them all.
        const matching = sql`with ops as (
            select e.operation_id, count(*)::int as device_count, ${RESULT} as result
            from job_executions e join operation_logs o on o.id = e.operation_id
            where ${window} and ${LATEST} ${inScope(visibility)}
            group by e.operation_id
          ) select ${columns}, ops.device_count as "deviceCount", ops.result
          from ops join operation_logs o on o.id = ops.operation_id where ops.result = ${query.result}`
        const [counted] = await rows<{ total: number }>(
          db,
          sql`select count(*)::int as total from (${matching}) m`,
          [],
        )
        const list = await rows<OperationSummary>(db, sql`${matching} ${page}`, ['createdAt'])
        return { total: Number(counted?.total ?? 0), list }
      }
      // Without a result filter the page is chosen from the operations alone, and only its
      // operations' executions are counted (an upgrade wave has thousands).
      const visible =
        visibility.deviceIds === undefined
          ? sql``
          : sql`and exists (select 1 from job_executions e where e.operation_id = o.id ${inScope(visibility)})`
      const [counted] = await rows<{ total: number }>(
        db,
        sql`select count(*)::int as total from operation_logs o where ${window} ${visible}`,
        [],
      )
      const operations = await rows<OperationRow>(
        db,
        sql`select ${columns} from operation_logs o where ${window} ${visible} ${page}`,
        ['createdAt'],
      )
      const counts = await resultsOf(
        visibility,
        operations.map((operation) => operation.id),
      )
      return {
        total: Number(counted?.total ?? 0),
        list: operations.map((operation) => ({
          ...operation,
          ...(counts.get(operation.id) ?? { deviceCount: 0, result: 'success' as const }),
        })),
      }
    },

    resultsOf,

    /** The first `perOperation` devices (by MAC) of each operation the caller may see. */
    async devicesOf(
      visibility: RecordScope,
      operationIds: number[],
      perOperation: number,
    ): Promise<Map<number, Array<{ id: number; mac: string }>>> {
      const byOperation = new Map<number, Array<{ id: number; mac: string }>>()
      if (operationIds.length === 0) return byOperation
      const found = await rows<{ operationId: number; deviceId: number; mac: string }>(
        db,
        sql`select "operationId", "deviceId", mac from (
          select e.operation_id as "operationId", e.device_id as "deviceId", e.mac,
            row_number() over (partition by e.operation_id order by e.mac, e.device_id) as n
          from job_executions e
          where e.operation_id = any(${sql.param(operationIds)}::int[]) and ${LATEST} ${inScope(visibility)}
        ) ranked where n <= ${perOperation} order by "operationId", n`,
        [],
      )
      for (const row of found) {
        const list = byOperation.get(row.operationId) ?? []
        list.push({ id: row.deviceId, mac: row.mac })
        byOperation.set(row.operationId, list)
      }
      return byOperation
    },
  }
}
