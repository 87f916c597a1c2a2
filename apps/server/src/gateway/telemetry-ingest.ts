import { readDevicePayload, type TelemetryMessage, telemetryMessage } from '@canopy/shared/protocol'
import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import type { DeviceDirectory } from '../modules/devices/device-directory'
import { type ByteCounters, byteCountersOf } from './byte-counters'
import type { DeviceEvents } from './device-events'
import { DeviceRefusal, payloadRefusal } from './device-refusals'

export interface IngestCounters {
  received: number
  invalid: number
  unknownDevice: number
  /** rows written to the latest-state table */
  written: number
  /** rows the database refused one by one (the rest of their batch was written) */
  refusedRows: number
  /** flushes that failed for another reason (their reports wait for the next flush) */
  failedFlushes: number
  /** messages parsed and waiting for the next flush */
  pending: number
  lastFlushMs: number
}

/** `sampled`: also one of the device's history samples */
type Report = { id: number; at: Date; telemetry: TelemetryMessage; sampled: boolean }

/** SQLSTATE classes of a row's own data (22 data exception, 23 integrity), not of the database. */
const ROW_FAULT = /^2[23]/

/**
 * Telemetry from devices (`dt/canopy/{thing}/telemetry`). Messages are coalesced per device and
 * written in batches (one statement per flush, rows passed as arrays), so the cost is per device
 * and per second, not per message. Each device also gets one history sample per
 * sampling interval, for charts (with its byte counters, from which traffic is computed).
 */
export class TelemetryIngest {
  private pending = new Map<number, { at: Date; telemetry: TelemetryMessage }>()
  private readonly lastSample = new Map<number, number>()
  private timer: NodeJS.Timeout | undefined
  private flushing: Promise<void> = Promise.resolve()
  readonly counters: IngestCounters = {
    received: 0,
    invalid: 0,
    unknownDevice: 0,
    written: 0,
    refusedRows: 0,
    failedFlushes: 0,
    pending: 0,
    lastFlushMs: 0,
  }

  constructor(
    private readonly deps: {
      db: Database
      directory: DeviceDirectory
      sampleSeconds: number
      flushEveryMs?: number
      /** each report taken is a `telemetry` event */
      events: DeviceEvents
      /** hears of a row the database refused, and of a flush that failed */
      onRowRefused: (deviceId: number, error: unknown) => void
      onFlushFailed: (error: unknown) => void
    },
  ) {}

  /** Files a report for the next flush; refuses (throws a DeviceRefusal) what it cannot take. */
  async handle(thing: string, payload: Buffer): Promise<void> {
    this.counters.received++
    const read = readDevicePayload(payload)
    if (!read.ok) {
      this.counters.invalid++
      throw payloadRefusal(read.problem)
    }
    const parsed = telemetryMessage.safeParse(read.value)
    if (!parsed.success) {
      this.counters.invalid++
      throw new DeviceRefusal('malformed', 'not a telemetry message')
    }
    const device = await this.deps.directory.find(thing)
    if (!device) {
      this.counters.unknownDevice++
      throw new DeviceRefusal('unknown-device', 'no such device')
    }
    if (!this.pending.has(device.id)) this.counters.pending++
    const at = new Date()
    this.pending.set(device.id, { at, telemetry: parsed.data })
    this.deps.events.emit('telemetry', { deviceId: device.id, thing, at, telemetry: parsed.data })
  }

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.deps.flushEveryMs ?? 1000)
    this.timer.unref()
  }

  /** Writes what has arrived; one flush at a time. A failure is reported, never thrown. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write()).catch((error) => this.deps.onFlushFailed(error))
    return this.flushing
  }

  async stop(): Promise<void> {
    clearInterval(this.timer)
    await this.flush()
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return
    const batch = this.pending
    this.pending = new Map()
    this.counters.pending = 0
    const started = performance.now()
    const due = new Set(this.dueForSample([...batch].map(([id, { at }]) => [id, at.getTime()] as const)))
    const reports = [...batch].map(([id, { at, telemetry }]) => ({ id, at, telemetry, sampled: due.has(id) }))
    try {
      await this.writeIsolated(reports)
    } catch (error) {
      // Not a row's fault (the database is away, say): the reports wait for the next flush,
      // unless a newer one of the same device has arrived meanwhile.
      this.counters.failedFlushes++
      for (const { id, at, telemetry } of reports) {
        if (this.pending.has(id)) continue
        this.pending.set(id, { at, telemetry })
        this.counters.pending++
      }
      this.deps.onFlushFailed(error)
    }
    this.counters.lastFlushMs = performance.now() - started
  }

  /**
   * Writes the batch in one statement; if the database refuses a row's data, halves the batch
   * and tries again, down to the row at fault, which is refused and reported: one device's
   * report can never keep the others' from being stored.
   */
  private async writeIsolated(reports: Report[]): Promise<void> {
    try {
      await this.writeBatch(reports)
      this.counters.written += reports.length
    } catch (error) {
      if (!ROW_FAULT.test(sqlState(error))) throw error
      if (reports.length === 1) {
        this.counters.refusedRows++
        this.deps.onRowRefused(reports[0]!.id, error)
        return
      }
      const half = Math.ceil(reports.length / 2)
      await this.writeIsolated(reports.slice(0, half))
      await this.writeIsolated(reports.slice(half))
    }
  }

  private async writeBatch(reports: Report[]): Promise<void> {
    // Each column goes as one array parameter (sql.param), unnested into rows by PostgreSQL.
    const column = (value: (report: (typeof reports)[number]) => unknown) => sql.param(reports.map(value))
    const counters = reports.map((report) => byteCountersOf(report.telemetry))
    const counter = (field: keyof ByteCounters) => sql.param(counters.map((row) => row[field]))
    // One statement, so atomic by itself, and it holds the embedded database's one session only
    // while it runs (a transaction of several would hold it between them too).
    // Telemetry means the device is there. Its time is filed in the latest-telemetry row; the
    // device's own row is rewritten only to bring an offline device back (`revived`), so
    // `devices` keeps a clean visibility map and the list's counts stay index-only. A report
    // that arrived before the device went offline (its last will, or the watchdog) must not
    // revive it.
    await this.deps.db.execute(sql`
      with reports (device_id, at, cpu, mem, clients, uptime, telemetry, sampled,
                    wan_rx, wan_tx, radio2g_rx, radio2g_tx, radio5g_rx, radio5g_tx) as (
        select * from unnest(${column((r) => r.id)}::int[], ${column((r) => r.at.toISOString())}::timestamptz[],
          ${column((r) => r.telemetry.cpu)}::real[], ${column((r) => r.telemetry.mem)}::real[],
          ${column((r) => r.telemetry.clients)}::int[], ${column((r) => Math.round(r.telemetry.uptime))}::bigint[],
          ${column((r) => JSON.stringify(r.telemetry))}::jsonb[], ${column((r) => r.sampled)}::boolean[],
          ${counter('wanRx')}::bigint[], ${counter('wanTx')}::bigint[], ${counter('radio2gRx')}::bigint[],
          ${counter('radio2gTx')}::bigint[], ${counter('radio5gRx')}::bigint[], ${counter('radio5gTx')}::bigint[])
      ), latest as (
        insert into device_metrics_latest (device_id, at, cpu, mem, clients, uptime, telemetry)
        select device_id, at, cpu, mem, clients, uptime, telemetry from reports
        on conflict (device_id) do update set at = excluded.at, cpu = excluded.cpu, mem = excluded.mem,
          clients = excluded.clients, uptime = excluded.uptime, telemetry = excluded.telemetry
      ), revived as (
        update devices d set status = 'online', status_changed_at = now()
        from reports r
        where d.id = r.device_id and d.status = 'offline' and (d.status_changed_at is null or d.status_changed_at < r.at)
      ), samples as (
        insert into device_metrics (device_id, at, cpu, mem, clients, uptime,
          wan_rx, wan_tx, radio2g_rx, radio2g_tx, radio5g_rx, radio5g_tx)
        select device_id, at, cpu, mem, clients, uptime,
          wan_rx, wan_tx, radio2g_rx, radio2g_tx, radio5g_rx, radio5g_tx from reports where sampled
        on conflict do nothing
      )
      select 1`)
  }

  private dueForSample(entries: ReadonlyArray<readonly [number, number]>): number[] {
    const due: number[] = []
    for (const [id, at] of entries) {
      const last = this.lastSample.get(id)
      if (last === undefined || at - last >= this.deps.sampleSeconds * 1000) {
        this.lastSample.set(id, at)
        due.push(id)
      }
    }
    return due
  }
}

/** The SQLSTATE of a database error (drizzle wraps the driver's in `cause`), or ''. */
function sqlState(error: unknown): string {
  const candidate = (error as { cause?: unknown })?.cause ?? error
  const code = (candidate as { code?: unknown })?.code
  return typeof code === 'string' ? code : ''
}
