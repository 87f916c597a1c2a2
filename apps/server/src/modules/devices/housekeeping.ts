import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client'

/**
 * Periodic device bookkeeping: every sampling interval, the online clients of each project (for
 * the home chart); every hour, history older than the retention period goes.
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
      onError: (error: unknown, task: 'sample' | 'prune') => void
    },
  ) {}

  start(): void {
    const sampleClients = () => void this.sampleClients().catch((error) => this.deps.onError(error, 'sample'))
    sampleClients()
    const sample = setInterval(sampleClients, this.deps.sampleSeconds * 1000)
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

  async prune(): Promise<void> {
    const cutoff = new Date(Date.now() - this.deps.retentionDays * 86_400_000).toISOString()
    await this.deps.db.execute(sql`delete from device_metrics where at < ${cutoff}::timestamptz`)
    await this.deps.db.execute(sql`delete from client_counts where at < ${cutoff}::timestamptz`)
  }
}

function alignedNow(seconds: number): Date {
  const step = seconds * 1000
  return new Date(Math.floor(Date.now() / step) * step)
}
