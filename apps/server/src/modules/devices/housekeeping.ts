import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { trafficRepository } from '../traffic/traffic.repository'
import { fileTrafficHours } from '../traffic/traffic-rollup'
import { trafficRollupRepository } from '../traffic/traffic-rollup.repository'

/**
 * Periodic device bookkeeping: every sampling interval, the online clients of each project and
 * its WAN bytes over the interval before (for the home charts), and each device's traffic of the
 * hours that ended (the hourly rollup the week chart reads); every hour, history older than the
 * retention period goes.
 * Idempotent, so several instances may all run it.
 */
export class DeviceHousekeeping {
  private timers: NodeJS.Timeout[] = []

  constructor(
    private readonly deps: {
      db: Database
      sampleSeconds: number
      retentionDays: number
      /** a round that failed; the next one runs as planned */
      onError: (error: unknown, task: 'sample' | 'traffic' | 'rollup' | 'prune') => void
    },
  ) {}

  start(): void {
    const sampleClients = () => void this.sampleClients().catch((error) => this.deps.onError(error, 'sample'))
    const fileTraffic = () => void this.fileTraffic().catch((error) => this.deps.onError(error, 'traffic'))
    const fileHours = () => void this.fileTrafficHours().catch((error) => this.deps.onError(error, 'rollup'))
    const sampleAll = () => {
      sampleClients()
      fileTraffic()
      fileHours()
    }
    sampleAll()
    const sample = setInterval(sampleAll, this.deps.sampleSeconds * 1000)
    const prune = setInterval(
      () => void this.prune().catch((error) => this.deps.onError(error, 'prune')),
      3600_000,
    )
    sample.unref()
    prune.unref()
    this.timers = [sample, prune]
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer)
  }

  async sampleClients(at = alignedNow(this.deps.sampleSeconds)): Promise<void> {
    await this.deps.db.execute(sql`
      insert into client_counts (tenant_id, project_id, at, clients, online_devices)
      select d.tenant_id, d.project_id, ${at.toISOString()}::timestamptz,
             coalesce(sum(m.clients) filter (where d.status = 'online'), 0)::int,
             (count(*) filter (where d.status = 'online'))::int
      from devices d left join device_metrics_latest m on m.device_id = d.id
      where d.tenant_id is not null and d.project_id is not null
      group by d.tenant_id, d.project_id
      on conflict do nothing`)
  }

  /**
   * Each project's WAN bytes over the sampling interval that ended one interval ago: by then its
   * samples are all written (they arrive through the ingest's one-second batches).
   */
  async fileTraffic(now = alignedNow(this.deps.sampleSeconds)): Promise<void> {
    const end = new Date(now.getTime() - this.deps.sampleSeconds * 1000)
    await trafficRepository(this.deps.db).fileProjectTraffic(end, this.deps.sampleSeconds)
  }

  /** Each device's traffic of the whole hours not filed yet, a few a round (traffic-rollup.ts). */
  async fileTrafficHours(now = new Date()): Promise<number> {
    return fileTrafficHours(this.deps.db, { now, sampleSeconds: this.deps.sampleSeconds })
  }

  async prune(): Promise<void> {
    const cutoff = new Date(Date.now() - this.deps.retentionDays * 86_400_000).toISOString()
    await this.deps.db.execute(sql`delete from device_metrics where at < ${cutoff}::timestamptz`)
    await this.deps.db.execute(sql`delete from client_counts where at < ${cutoff}::timestamptz`)
    await trafficRepository(this.deps.db).prune(new Date(cutoff))
    await trafficRollupRepository(this.deps.db).prune(new Date(cutoff))
  }
}

function alignedNow(seconds: number): Date {
  const step = seconds * 1000
  return new Date(Math.floor(Date.now() / step) * step)
}
