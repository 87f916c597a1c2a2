import { type TelemetryMessage, telemetryMessage } from '@canopy/shared/protocol'
import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import type { DeviceDirectory } from '../modules/devices/device-directory'

export interface IngestCounters {
  received: number
  invalid: number
  unknownDevice: number
  /** rows written to the latest-state table */
  written: number
  /** messages parsed and waiting for the next flush */
  pending: number
  lastFlushMs: number
}

/**
 * Telemetry from devices (`dt/canopy/{thing}/telemetry`). Messages are coalesced per device and
 * written in batches (one statement per table per flush, rows passed as arrays), so the cost is
 * per device and per second, not per message. Each device also gets one history sample per
 * sampling interval, for charts.
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
    pending: 0,
    lastFlushMs: 0,
  }

  constructor(
    private readonly deps: {
      db: Database
      directory: DeviceDirectory
      sampleSeconds: number
      flushEveryMs?: number
    },
  ) {}

  handle(thing: string, payload: Buffer): void {
    this.counters.received++
    let body: unknown
    try {
      body = JSON.parse(payload.toString('utf8'))
    } catch {
      this.counters.invalid++
      return
    }
    const parsed = telemetryMessage.safeParse(body)
    if (!parsed.success) {
      this.counters.invalid++
      return
    }
    void this.deps.directory.find(thing).then((device) => {
      if (!device) {
        this.counters.unknownDevice++
        return
      }
      if (!this.pending.has(device.id)) this.counters.pending++
      this.pending.set(device.id, { at: new Date(), telemetry: parsed.data })
    })
  }

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.deps.flushEveryMs ?? 1000)
    this.timer.unref()
  }

  /** Writes what has arrived; one flush at a time. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write()).catch(() => {})
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
    const rows = [...batch.entries()]
    // Each column goes as one array parameter (sql.param), unnested into rows by PostgreSQL.
    const ids = rows.map(([id]) => id)
    const at = rows.map(([, entry]) => entry.at.toISOString())
    const cpu = rows.map(([, entry]) => entry.telemetry.cpu)
    const mem = rows.map(([, entry]) => entry.telemetry.mem)
    const clients = rows.map(([, entry]) => entry.telemetry.clients)
    const uptime = rows.map(([, entry]) => Math.round(entry.telemetry.uptime))
    const documents = rows.map(([, entry]) => JSON.stringify(entry.telemetry))

    await this.deps.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into device_metrics_latest (device_id, at, cpu, mem, clients, uptime, telemetry)
        select * from unnest(${sql.param(ids)}::int[], ${sql.param(at)}::timestamptz[], ${sql.param(cpu)}::real[], ${sql.param(mem)}::real[],
                             ${sql.param(clients)}::int[], ${sql.param(uptime)}::bigint[], ${sql.param(documents)}::jsonb[])
        on conflict (device_id) do update set at = excluded.at, cpu = excluded.cpu, mem = excluded.mem,
          clients = excluded.clients, uptime = excluded.uptime, telemetry = excluded.telemetry`)
      // Telemetry means the device is there, unless it went offline (its last will, or the
      // watchdog) after this report arrived: a report waiting for the flush must not revive a
      // device that has just dropped.
      await tx.execute(sql`
        update devices d set last_seen_at = greatest(d.last_seen_at, v.at),
          status_changed_at = case when d.status = 'online' or d.status_changed_at >= v.at
                                   then d.status_changed_at else now() end,
          status = case when d.status = 'offline' and d.status_changed_at >= v.at then 'offline' else 'online' end
        from unnest(${sql.param(ids)}::int[], ${sql.param(at)}::timestamptz[]) as v(id, at) where d.id = v.id`)
      const due = new Set(this.dueForSample(rows.map(([id, entry]) => [id, entry.at.getTime()] as const)))
      if (due.size > 0) {
        const sampled = rows.filter(([id]) => due.has(id))
        await tx.execute(sql`
          insert into device_metrics (device_id, at, cpu, mem, clients)
          select * from unnest(${sql.param(sampled.map(([id]) => id))}::int[],
                               ${sql.param(sampled.map(([, entry]) => entry.at.toISOString()))}::timestamptz[],
                               ${sql.param(sampled.map(([, entry]) => entry.telemetry.cpu))}::real[],
                               ${sql.param(sampled.map(([, entry]) => entry.telemetry.mem))}::real[],
                               ${sql.param(sampled.map(([, entry]) => entry.telemetry.clients))}::int[])
          on conflict do nothing`)
      }
    })
    this.counters.written += rows.length
    this.counters.lastFlushMs = performance.now() - started
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
