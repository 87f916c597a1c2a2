import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { devices, operationLogs, operationTargets } from '../../db/schema'
import { type DeviceVisibility, visibleCondition } from '../devices/devices.repository'

export type OperationStatus = 'pending' | 'applying' | 'success' | 'failed'

export function operationsRepository(db: Executor) {
  return {
    async insert(values: typeof operationLogs.$inferInsert): Promise<number> {
      const [row] = await db.insert(operationLogs).values(values).returning({ id: operationLogs.id })
      return row!.id
    },

    async addTargets(
      operationId: number,
      targets: Array<{ deviceId: number; mac: string; status: OperationStatus; reason?: string }>,
    ) {
      if (targets.length === 0) return
      await db.insert(operationTargets).values(targets.map((target) => ({ operationId, ...target })))
    },

    /**
     * Sets one device's outcome, then the operation's: pending while any is, else success, failed
     * or partial. Run it in a transaction: the operation's row is locked first, so two devices
     * settling at once each count the other's outcome (the second waits for the first's commit).
     */
    async settle(operationId: number, deviceId: number, status: OperationStatus, reason?: string) {
      await db.execute(sql`select 1 from operation_logs where id = ${operationId} for update`)
      await db
        .update(operationTargets)
        .set({ status, reason: reason ?? null, updatedAt: sql`now()` })
        .where(and(eq(operationTargets.operationId, operationId), eq(operationTargets.deviceId, deviceId)))
      await db.execute(sql`
        update operation_logs set result = (
          select case
            when bool_or(status in ('pending', 'applying')) then 'pending'
            when bool_and(status = 'success') then 'success'
            when bool_and(status = 'failed') then 'failed'
            else 'partial' end
          from operation_targets where operation_id = ${operationId})
        where id = ${operationId}`)
    },

    /**
     * An operation of the visibility's tenant with the targets the caller may see: all of them
     * for the whole tenant (the log outlives its devices), else those on devices in its scope now.
     */
    async findVisible(visibility: DeviceVisibility, operationId: number) {
      const [operation] = await db
        .select()
        .from(operationLogs)
        .where(and(eq(operationLogs.tenantId, visibility.tenantId), eq(operationLogs.id, operationId)))
      if (!operation) return undefined
      const inScope =
        visibility.kind === 'tenant'
          ? undefined
          : inArray(
              operationTargets.deviceId,
              db.select({ id: devices.id }).from(devices).where(visibleCondition(visibility)),
            )
      const targets = await db
        .select()
        .from(operationTargets)
        .where(and(eq(operationTargets.operationId, operationId), inScope))
        .orderBy(operationTargets.mac)
      return { ...operation, targets }
    },
  }
}
