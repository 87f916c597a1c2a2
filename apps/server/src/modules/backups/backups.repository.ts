import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { backupRetention, backupRuns, backupSchedules, configBackups, configBaselines } from '../../db/schema'
import { optimisticSaves } from '../../lib/optimistic-saves'

export type BackupRunRow = typeof backupRuns.$inferSelect
export type BackupRow = typeof configBackups.$inferSelect
export type NewBackup = Omit<typeof configBackups.$inferInsert, 'version' | 'id' | 'createdAt'>
export type ScheduleRow = typeof backupSchedules.$inferSelect
export type BaselineRow = typeof configBaselines.$inferSelect

/** A baseline to save if its row is still as `read` (undefined: there was none). */
export interface BaselineAt {
  row: { deviceId: number; tenantId: number | null; baseline: unknown; drift: unknown | null }
  read: BaselineRow | undefined
}

/** A backup as lists show it: everything but the configuration and its secrets. */
const summary = {
  id: configBackups.id,
  deviceId: configBackups.deviceId,
  version: configBackups.version,
  mac: configBackups.mac,
  model: configBackups.model,
  firmware: configBackups.firmware,
  size: configBackups.size,
  sha256: configBackups.sha256,
  takenBy: configBackups.takenBy,
  source: configBackups.source,
  note: configBackups.note,
  createdAt: configBackups.createdAt,
}
export type BackupSummary = { [K in keyof typeof summary]: (typeof configBackups.$inferSelect)[K] }

export function backupsRepository(db: Executor) {
  return {
    /** A run; undefined when its job id exists already (a scheduled run another process made). */
    async insertRun(run: typeof backupRuns.$inferInsert): Promise<BackupRunRow | undefined> {
      const [row] = await db.insert(backupRuns).values(run).onConflictDoNothing().returning()
      return row
    },

    async findRun(id: number): Promise<BackupRunRow | undefined> {
      const [row] = await db.select().from(backupRuns).where(eq(backupRuns.id, id))
      return row
    },

    async findRunByJob(jobId: string): Promise<BackupRunRow | undefined> {
      const [row] = await db.select().from(backupRuns).where(eq(backupRuns.jobId, jobId))
      return row
    },

    /**
     * Files uploads, each as its device's next version, unless its run already has that device's
     * backup (one per device per run): false then; then each device's versions beyond its
     * retention (`keepDefault` where none is set) go. Many devices' uploads in four statements:
     * the devices' locks (in order, so two groups never deadlock), which order concurrent versions
     * of one device, the inserts, the pruning. Run it in a transaction.
     */
    async insertVersions(backups: NewBackup[], keepDefault: number): Promise<boolean[]> {
      const deviceIds = [...new Set(backups.map((backup) => backup.deviceId))]
      await db.execute(
        sql`select pg_advisory_xact_lock(id) from unnest(${sql.param(deviceIds)}::int[]) as id order by id`,
      )
      const column = (value: (backup: NewBackup, index: number) => unknown) => sql.param(backups.map(value))
      const inserted = await db.execute<{ ord: number }>(sql`
        with v as (
          select * from unnest(${column((_, index) => index)}::int[], ${column((b) => b.tenantId)}::int[],
            ${column((b) => b.deviceId)}::int[], ${column((b) => b.runId ?? null)}::int[], ${column((b) => b.mac)}::text[],
            ${column((b) => b.model)}::text[], ${column((b) => b.firmware ?? null)}::text[], ${column((b) => b.size)}::int[],
            ${column((b) => b.sha256)}::text[], ${column((b) => b.takenBy ?? null)}::int[], ${column((b) => b.source)}::text[],
            ${column((b) => b.note ?? null)}::text[], ${column((b) => JSON.stringify(b.config))}::jsonb[],
            ${column((b) => b.secrets)}::bytea[])
            as v(ord, tenant_id, device_id, run_id, mac, model, firmware, size, sha256, taken_by, source, note, config, secrets)
          where v.run_id is null or not exists (select 1 from ${configBackups} b where b.run_id = v.run_id and b.device_id = v.device_id)
        ), numbered as (
          select v.*, coalesce((select max(b.version) from ${configBackups} b where b.device_id = v.device_id), 0)
            + row_number() over (partition by v.device_id order by v.ord) as version
          from v
        )
        insert into ${configBackups} (tenant_id, device_id, run_id, version, mac, model, firmware, size, sha256,
          taken_by, source, note, config, secrets)
        select tenant_id, device_id, run_id, version, mac, model, firmware, size, sha256, taken_by, source, note, config, secrets
        from numbered order by ord
        on conflict (run_id, device_id) do nothing
        returning (select ord from numbered n where n.device_id = ${configBackups.deviceId}
          and n.version = ${configBackups.version})`)
      await this.prune(deviceIds, keepDefault)
      const stored = new Set(inserted.rows.map((row) => Number(row.ord)))
      return backups.map((_, index) => stored.has(index))
    },

    /** Deletes these devices' versions beyond their retention (`keepDefault` where none is set). */
    async prune(deviceIds: number[], keepDefault: number): Promise<void> {
      await db.execute(sql`
        delete from ${configBackups} where id in (
          select id from (
            select b.id, row_number() over (partition by b.device_id order by b.version desc) as newest,
              coalesce(r.keep, ${keepDefault}) as keep
            from ${configBackups} b left join ${backupRetention} r on r.device_id = b.device_id
            where b.device_id = any(${sql.param(deviceIds)}::int[])) ranked
          where newest > keep)`)
    },

    async keepOf(deviceId: number): Promise<number | undefined> {
      const [row] = await db.select().from(backupRetention).where(eq(backupRetention.deviceId, deviceId))
      return row?.keep
    },

    async setKeep(deviceId: number, keep: number): Promise<void> {
      await db
        .insert(backupRetention)
        .values({ deviceId, keep })
        .onConflictDoUpdate({ target: backupRetention.deviceId, set: { keep } })
    },

    async listOf(deviceId: number): Promise<BackupSummary[]> {
      return db
        .select(summary)
        .from(configBackups)
        .where(eq(configBackups.deviceId, deviceId))
        .orderBy(desc(configBackups.version))
    },

    async find(id: number): Promise<BackupRow | undefined> {
      const [row] = await db.select().from(configBackups).where(eq(configBackups.id, id))
      return row
    },

    async findMany(ids: number[]): Promise<BackupRow[]> {
      if (ids.length === 0) return []
      return db.select().from(configBackups).where(inArray(configBackups.id, ids))
    },

    async setNote(id: number, note: string | null): Promise<void> {
      await db.update(configBackups).set({ note }).where(eq(configBackups.id, id))
    },

    async remove(id: number): Promise<void> {
      await db.delete(configBackups).where(eq(configBackups.id, id))
    },

    async schedule(projectId: number): Promise<ScheduleRow | undefined> {
      const [row] = await db.select().from(backupSchedules).where(eq(backupSchedules.projectId, projectId))
      return row
    },

    async saveSchedule(row: typeof backupSchedules.$inferInsert): Promise<void> {
      await db
        .insert(backupSchedules)
        .values(row)
        .onConflictDoUpdate({
          target: backupSchedules.projectId,
          set: {
            frequency: row.frequency,
            weekday: row.weekday ?? null,
            time: row.time,
            updatedBy: row.updatedBy ?? null,
            updatedAt: new Date(),
          },
        })
    },

    async removeSchedule(projectId: number): Promise<void> {
      await db.delete(backupSchedules).where(eq(backupSchedules.projectId, projectId))
    },

    async allSchedules(): Promise<ScheduleRow[]> {
      return db.select().from(backupSchedules)
    },

    async baseline(deviceId: number, forUpdate = false): Promise<BaselineRow | undefined> {
      const query = db.select().from(configBaselines).where(eq(configBaselines.deviceId, deviceId))
      const [row] = forUpdate ? await query.for('update') : await query
      return row
    },

    /** Many devices' baselines in one query. */
    async baselinesOf(deviceIds: number[]): Promise<BaselineRow[]> {
      if (deviceIds.length === 0) return []
      return db.select().from(configBaselines).where(inArray(configBaselines.deviceId, deviceIds))
    },

    async saveBaseline(row: {
      deviceId: number
      tenantId: number | null
      baseline: unknown
      drift: unknown | null
    }): Promise<void> {
      const values = { ...row, drifted: row.drift !== null, updatedAt: new Date() }
      await db
        .insert(configBaselines)
        .values(values)
        .onConflictDoUpdate({
          target: configBaselines.deviceId,
          set: {
            tenantId: values.tenantId,
            baseline: values.baseline,
            drift: values.drift,
            drifted: values.drifted,
            updatedAt: values.updatedAt,
          },
        })
    },

    /**
     * Saves baselines only where the row is still as it was read (none read: only if there is
     * still no row), in a statement for those read and one for the new; whether each was saved,
     * in order. Each device appears once (a statement applies only one row of a device).
     */
    async saveBaselinesIfAt(saves: readonly BaselineAt[]): Promise<boolean[]> {
      const rows = (part: readonly BaselineAt[]) =>
        JSON.stringify(
          part.map(({ row, read }) => ({
            device_id: row.deviceId,
            tenant_id: row.tenantId,
            baseline: row.baseline,
            drift: row.drift,
            drifted: row.drift !== null,
            read_tenant_id: read?.tenantId ?? null,
            read_baseline: read?.baseline ?? null,
            read_drift: read?.drift ?? null,
          })),
        )
      const columns = sql`v(device_id int, tenant_id int, baseline jsonb, drift jsonb, drifted boolean,
        read_tenant_id int, read_baseline jsonb, read_drift jsonb)`
      return optimisticSaves(
        saves,
        (save) => save.row.deviceId,
        (save) => save.read !== undefined,
        {
          update: (read) =>
            db.execute<{ device_id: number }>(sql`update config_baselines b
              set tenant_id = v.tenant_id, baseline = v.baseline, drift = v.drift, drifted = v.drifted,
                updated_at = now()
              from jsonb_to_recordset(${rows(read)}::jsonb) as ${columns}
              where b.device_id = v.device_id and b.tenant_id is not distinct from v.read_tenant_id
                and b.baseline = v.read_baseline and b.drift is not distinct from v.read_drift
              returning b.device_id`),
          insert: (fresh) =>
            db.execute<{ device_id: number }>(sql`insert into config_baselines
                (device_id, tenant_id, baseline, drift, drifted, updated_at)
              select device_id, tenant_id, baseline, drift, drifted, now()
              from jsonb_to_recordset(${rows(fresh)}::jsonb) as ${columns}
              on conflict (device_id) do nothing
              returning device_id`),
        },
      )
    },

    /** The drifted devices of a tenant (the device list's filter narrows its page to them). */
    async driftedIds(tenantId: number): Promise<number[]> {
      const rows = await db
        .select({ id: configBaselines.deviceId })
        .from(configBaselines)
        .where(and(eq(configBaselines.tenantId, tenantId), eq(configBaselines.drifted, true)))
      return rows.map((row) => row.id)
    },

    async driftOf(deviceIds: number[]): Promise<Map<number, boolean>> {
      if (deviceIds.length === 0) return new Map()
      const rows = await db
        .select({ id: configBaselines.deviceId, drifted: configBaselines.drifted })
        .from(configBaselines)
        .where(inArray(configBaselines.deviceId, deviceIds))
      return new Map(rows.map((row) => [row.id, row.drifted]))
    },
  }
}
