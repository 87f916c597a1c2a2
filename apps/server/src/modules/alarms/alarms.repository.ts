import { type AlarmCategory, type AlarmRules, DEFAULT_ALARM_RULES } from '@canopy/shared/validation'
import { and, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import type { SettingRow } from './alarm-settings'
import { type AlarmNotice, alarmSettings, alarms } from './alarms.schema'

/** Alarm settings and alarms: queries only (the rules are alarms.service and the engine). */

export type AlarmState = 'pending' | 'active' | 'recovered'
export type AlarmRow = typeof alarms.$inferSelect
export type SettingTarget = { deviceId: number } | { projectId: number }

const targetIs = (target: SettingTarget) =>
  'deviceId' in target
    ? eq(alarmSettings.deviceId, target.deviceId)
    : eq(alarmSettings.projectId, target.projectId)
/** What opens a pending condition. */
export interface NewPending {
  tenantId: number
  deviceId: number
  category: AlarmCategory
  value?: number
  threshold?: number
  detail?: string
  pendingSince: Date
  fireAt: Date
}

const OPEN = sql`${alarms.state} in ('pending', 'active')`
const closesOnAck = sql`(${alarms.category} = 'wan_ip_changed' and ${alarms.state} = 'active')`

export function alarmsRepository(db: Executor) {
  /**
   * New pending conditions in one statement (a burst of reports); those whose device and
   * category have one open already are left out of the answer.
   */
  const openPendingEach = async (
    values: NewPending[],
  ): Promise<Array<{ id: number; deviceId: number; category: string }>> => {
    if (values.length === 0) return []
    return db
      .insert(alarms)
      .values(values.map((value) => ({ ...value, state: 'pending' })))
      .onConflictDoNothing()
      .returning({ id: alarms.id, deviceId: alarms.deviceId, category: alarms.category })
  }

  return {
    async settingsOfTenant(tenantId: number): Promise<SettingRow[]> {
      const rows = await db
        .select({
          deviceId: alarmSettings.deviceId,
          projectId: alarmSettings.projectId,
          rules: alarmSettings.rules,
          notice: alarmSettings.notice,
          mutedUntil: alarmSettings.mutedUntil,
        })
        .from(alarmSettings)
        .where(eq(alarmSettings.tenantId, tenantId))
      // Rules saved before a category existed (drift) have it off, as a new setting would.
      return rows.map((row) =>
        row.rules ? { ...row, rules: { ...DEFAULT_ALARM_RULES, ...row.rules } } : row,
      )
    },

    /** Writes a device's or project's rules, notice or mute; what is not given stays. */
    async upsertSetting(
      tenantId: number,
      target: SettingTarget,
      values: { rules?: AlarmRules | null; notice?: AlarmNotice | null; mutedUntil?: Date | null },
    ): Promise<void> {
      const updated = await db
        .update(alarmSettings)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(alarmSettings.tenantId, tenantId), targetIs(target)))
        .returning({ id: alarmSettings.id })
      if (updated.length > 0) return
      await db
        .insert(alarmSettings)
        .values({ tenantId, ...target, ...values })
        .onConflictDoUpdate({
          target: 'deviceId' in target ? alarmSettings.deviceId : alarmSettings.projectId,
          targetWhere: sql`true`,
          set: { ...values, updatedAt: new Date() },
        })
    },

    /** Whether any setting of the tenant names these accounts as receivers (§6 guard). */
    async receiversIn(tenantId: number, uids: number[]): Promise<number[]> {
      if (uids.length === 0) return []
      const rows = await db.execute<{ uid: number }>(sql`
        select distinct (r.value)::int as uid
        from ${alarmSettings}, jsonb_array_elements(${alarmSettings.notice} -> 'uids') r
        where ${alarmSettings.tenantId} = ${tenantId}
          and (r.value)::int = any(${sql.param(uids)}::int[])`)
      return rows.rows.map((row) => Number(row.uid))
    },

    /** Every open alarm (what the engine keeps in memory). */
    async open(): Promise<Array<Pick<AlarmRow, 'id' | 'deviceId' | 'category' | 'state'>>> {
      return db
        .select({ id: alarms.id, deviceId: alarms.deviceId, category: alarms.category, state: alarms.state })
        .from(alarms)
        .where(OPEN)
    },

    async findById(id: number): Promise<AlarmRow | undefined> {
      const [row] = await db.select().from(alarms).where(eq(alarms.id, id))
      return row
    },

    /**
     * What a batch of fire jobs still has to do among `ids`: the pending rows, and the active ones
     * whose message was not posted (an attempt that failed after the update).
     */
    async unsettledOf(ids: number[]): Promise<AlarmRow[]> {
      if (ids.length === 0) return []
      return db
        .select()
        .from(alarms)
        .where(
          and(
            inArray(alarms.id, ids),
            sql`(${alarms.state} = 'pending' or (${alarms.state} = 'active' and not ${alarms.notified}))`,
          ),
        )
    },

    /** A new pending condition; undefined when one of this device and category is open already. */
    async openPending(values: NewPending): Promise<number | undefined> {
      const [row] = await openPendingEach([values])
      return row?.id
    },

    openPendingEach,

    async openOfDevice(deviceId: number) {
      return db
        .select({ id: alarms.id, category: alarms.category, state: alarms.state })
        .from(alarms)
        .where(and(eq(alarms.deviceId, deviceId), OPEN))
    },

    async openOf(deviceId: number, category: AlarmCategory) {
      const [row] = await db
        .select({ id: alarms.id, state: alarms.state })
        .from(alarms)
        .where(and(eq(alarms.deviceId, deviceId), eq(alarms.category, category), OPEN))
      return row
    },

    /** A pending condition that cleared before it fired leaves nothing. */
    async dropPending(id: number): Promise<boolean> {
      const gone = await db
        .delete(alarms)
        .where(and(eq(alarms.id, id), eq(alarms.state, 'pending')))
        .returning({ id: alarms.id })
      return gone.length > 0
    },

    async postpone(id: number, fireAt: Date): Promise<void> {
      await db
        .update(alarms)
        .set({ fireAt })
        .where(and(eq(alarms.id, id), eq(alarms.state, 'pending')))
    },

    /** pending → active, once, in one statement for a batch: the rows this call fired. */
    async fire(ids: number[], at: Date): Promise<AlarmRow[]> {
      if (ids.length === 0) return []
      return db
        .update(alarms)
        .set({ state: 'active', firedAt: at })
        .where(and(inArray(alarms.id, ids), eq(alarms.state, 'pending')))
        .returning()
    },

    /** active → recovered, once: the row if this call recovered it. */
    async recover(id: number, at: Date): Promise<AlarmRow | undefined> {
      const [row] = await db
        .update(alarms)
        .set({ state: 'recovered', recoveredAt: at })
        .where(and(eq(alarms.id, id), eq(alarms.state, 'active')))
        .returning()
      return row
    },

    async markNotified(ids: number[], which: 'fired' | 'recovered'): Promise<void> {
      if (ids.length === 0) return
      await db
        .update(alarms)
        .set(which === 'fired' ? { notified: true } : { recoveryNotified: true })
        .where(inArray(alarms.id, ids))
    },

    /** What a restart picks up: pending rows to time, and messages a killed process did not post. */
    async unfinished(): Promise<AlarmRow[]> {
      return db
        .select()
        .from(alarms)
        .where(
          sql`${alarms.state} = 'pending' or (${alarms.state} <> 'pending' and not ${alarms.notified}) or (${alarms.state} = 'recovered' and not ${alarms.recoveryNotified})`,
        )
    },

    async list(
      scope: { tenantId: number; deviceIds?: number[] },
      filter: { state: 'active' | 'history'; category?: string; deviceId?: number; acknowledged?: boolean },
      window: { limit: number; offset: number },
    ): Promise<{ total: number; rows: AlarmRow[] }> {
      if (scope.deviceIds?.length === 0) return { total: 0, rows: [] }
      const conditions: Array<SQL | undefined> = [
        eq(alarms.tenantId, scope.tenantId),
        scope.deviceIds ? inArray(alarms.deviceId, scope.deviceIds) : undefined,
        filter.state === 'active' ? eq(alarms.state, 'active') : eq(alarms.state, 'recovered'),
        filter.category ? eq(alarms.category, filter.category) : undefined,
        filter.deviceId ? eq(alarms.deviceId, filter.deviceId) : undefined,
        filter.acknowledged === undefined
          ? undefined
          : filter.acknowledged
            ? isNotNull(alarms.acknowledgedAt)
            : isNull(alarms.acknowledgedAt),
      ]
      const where = and(...conditions)
      const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(alarms).where(where)
      const rows = await db
        .select()
        .from(alarms)
        .where(where)
        .orderBy(desc(alarms.firedAt), desc(alarms.id))
        .limit(window.limit)
        .offset(window.offset)
      return { total: counted?.total ?? 0, rows }
    },

    /** Acknowledges fired alarms among `ids` within the scope; the ids it did. */
    async acknowledge(
      scope: { tenantId: number; deviceIds?: number[] },
      ids: number[],
      by: number,
    ): Promise<number[]> {
      const done = await db
        .update(alarms)
        .set({
          acknowledgedAt: new Date(),
          acknowledgedBy: by,
          // A WAN IP change is news, not a condition: acknowledging it closes it (no recovery to send).
          state: sql`case when ${closesOnAck} then 'recovered' else ${alarms.state} end`,
          recoveredAt: sql`case when ${closesOnAck} then now() else ${alarms.recoveredAt} end`,
          recoveryNotified: sql`${alarms.recoveryNotified} or ${closesOnAck}`,
        })
        .where(
          and(
            inArray(alarms.id, ids),
            eq(alarms.tenantId, scope.tenantId),
            scope.deviceIds ? inArray(alarms.deviceId, scope.deviceIds) : undefined,
            sql`${alarms.state} <> 'pending'`,
            isNull(alarms.acknowledgedAt),
          ),
        )
        .returning({ id: alarms.id })
      return done.map((row) => row.id)
    },

    /** Ids among `ids` that the scope may name (fired alarms only). */
    async visibleIds(scope: { tenantId: number; deviceIds?: number[] }, ids: number[]): Promise<number[]> {
      const rows = await db
        .select({ id: alarms.id })
        .from(alarms)
        .where(
          and(
            inArray(alarms.id, ids),
            eq(alarms.tenantId, scope.tenantId),
            scope.deviceIds ? inArray(alarms.deviceId, scope.deviceIds) : undefined,
            sql`${alarms.state} <> 'pending'`,
          ),
        )
      return rows.map((row) => row.id)
    },
  }
}
