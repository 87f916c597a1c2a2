import type { JsonObject } from '@canopy/shared/protocol'
import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { deviceSettings } from '../../db/schema'

/**
 * Where a section's change stands, as the console shows it: read from the change's execution
 * (executions.ts) — QUEUED pending (offline), IN_PROGRESS applying, SUCCEEDED in sync, any other
 * end failed. `device_settings` keeps only what settings alone need: the values before and
 * expected, the shadow version, the operation whose execution it is.
 */
export type SettingsStatus = 'pending' | 'applying' | 'in_sync' | 'failed'

export type SettingsRow = typeof deviceSettings.$inferSelect & {
  status: SettingsStatus
  /** the execution's failure reason: its code and particulars */
  reasonCode: string | null
  reasonDetail: string | null
}

const STATUS = sql`case e.status when 'QUEUED' then 'pending' when 'IN_PROGRESS' then 'applying'
  when 'SUCCEEDED' then 'in_sync' else 'failed' end`

/** A section's row with its execution's state (a row without one, from before executions: failed). */
const ROW = sql`s.device_id as "deviceId", s.section, s.previous, s.expected, s.requested_at as "requestedAt",
  s.requested_by as "requestedBy", s.operation_id as "operationId", s.desired_version as "desiredVersion",
  coalesce(e.last_updated_at, s.updated_at) as "updatedAt", ${STATUS} as status, e.reason_code as "reasonCode", e.reason_detail as "reasonDetail"`

const JOIN = sql`device_settings s left join job_executions e
  on e.operation_id = s.operation_id and e.device_id = s.device_id and e.execution_number = 1`

const UNSETTLED = sql`e.status in ('QUEUED', 'IN_PROGRESS')`

async function rows(db: Executor, query: ReturnType<typeof sql>): Promise<SettingsRow[]> {
  const result = await db.execute(query)
  return result.rows.map((row) => {
    const record = row as Record<string, unknown>
    for (const field of ['requestedAt', 'updatedAt'])
      if (!(record[field] instanceof Date)) record[field] = new Date(record[field] as string)
    return record as SettingsRow
  })
}

export function settingsRepository(db: Executor) {
  return {
    /**
     * Starts a change of one section on each device (one statement for a whole batch); its state
     * is its operation's execution on the device, written beside it.
     */
    async start(
      changes: Array<{
        deviceId: number
        section: string
        previous: JsonObject
        /** null: the server asked (an automatic template) */
        requestedBy: number | null
        operationId: number
        /** what the device must report (secrets as their hashes) for the section to be in sync */
        expected: JsonObject
        /** the shadow version the change was stored as */
        desiredVersion: number
      }>,
    ): Promise<void> {
      if (changes.length === 0) return
      const stamp = { requestedAt: sql`now()`, updatedAt: sql`now()` }
      await db
        .insert(deviceSettings)
        .values(changes.map((change) => ({ ...change, ...stamp })))
        .onConflictDoUpdate({
          target: [deviceSettings.deviceId, deviceSettings.section],
          set: {
            previous: sql`excluded.previous`,
            requestedBy: sql`excluded.requested_by`,
            operationId: sql`excluded.operation_id`,
            expected: sql`excluded.expected`,
            desiredVersion: sql`excluded.desired_version`,
            ...stamp,
          },
        })
    },

    /** The changes of a section still on their way to these devices, locked until the caller commits. */
    async unsettledForUpdate(deviceIds: number[], section: string): Promise<SettingsRow[]> {
      if (deviceIds.length === 0) return []
      return rows(
        db,
        sql`select ${ROW} from ${JOIN}
        where s.device_id = any(${sql.param(deviceIds)}::int[]) and s.section = ${section} and ${UNSETTLED}
        order by s.device_id for update of s`,
      )
    },

    async forDevice(deviceId: number): Promise<SettingsRow[]> {
      return rows(db, sql`select ${ROW} from ${JOIN} where s.device_id = ${deviceId} order by s.section`)
    },

    /** Sections still on their way to these devices. */
    async unsettledOf(deviceIds: number[]): Promise<SettingsRow[]> {
      if (deviceIds.length === 0) return []
      return rows(
        db,
        sql`select ${ROW} from ${JOIN} where s.device_id = any(${sql.param(deviceIds)}::int[]) and ${UNSETTLED}`,
      )
    },

    /** Devices with a change on its way to them. */
    async applyingDevices(): Promise<number[]> {
      const result = await db.execute(
        sql`select distinct s.device_id as "deviceId" from ${JOIN} where e.status = 'IN_PROGRESS'`,
      )
      return result.rows.map((row) => (row as { deviceId: number }).deviceId)
    },

    /** Each section's current change on these devices: its operation and where it stands. */
    async statesOf(
      deviceIds: number[],
    ): Promise<
      Array<{ deviceId: number; section: string; operationId: number | null; status: SettingsStatus }>
    > {
      if (deviceIds.length === 0) return []
      const result = await db.execute(
        sql`select s.device_id as "deviceId", s.section, s.operation_id as "operationId", ${STATUS} as status
          from ${JOIN} where s.device_id = any(${sql.param(deviceIds)}::int[])`,
      )
      return result.rows as Array<{
        deviceId: number
        section: string
        operationId: number | null
        status: SettingsStatus
      }>
    },

    async find(deviceId: number, section: string): Promise<SettingsRow | undefined> {
      const [row] = await rows(
        db,
        sql`select ${ROW} from ${JOIN} where s.device_id = ${deviceId} and s.section = ${section}`,
      )
      return row
    },
  }
}
