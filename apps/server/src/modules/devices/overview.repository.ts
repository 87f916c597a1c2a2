import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'

export interface ClientsPoint {
  at: Date
  clients: number
  online: number
}

/** The home chart's queries (§2 /home/main). */
export function overviewRepository(db: Executor) {
  return {
    /**
     * Online clients and online devices per sample time since `since`: the per-project sums the
     * housekeeping files (client_counts) for `projectIds`, plus the telemetry samples of
     * `deviceIds` outside those projects (devices a role grants one by one), each counted at the
     * first sample time at or after it was taken, the way a project sum counts the latest
     * telemetry. Sample times still to come are left out.
     */
    async onlineClients(query: {
      tenantId: number
      projectIds: readonly number[]
      deviceIds: readonly number[]
      since: Date
      sampleSeconds: number
    }): Promise<ClientsPoint[]> {
      const projects = sql.param([...query.projectIds])
      const step = query.sampleSeconds
      const since = query.since.toISOString()
      const deviceSamples =
        query.deviceIds.length === 0
          ? sql``
          : sql`union all
            select to_timestamp(ceil(extract(epoch from m.at) / ${step}) * ${step}) as at, m.clients, 1 as online
            from device_metrics m join devices d on d.id = m.device_id
            where d.id = any(${sql.param([...query.deviceIds])}::int[]) and d.tenant_id = ${query.tenantId}
              and (d.project_id is null or d.project_id <> all(${projects}::int[]))
              and m.at > ${since}::timestamptz - make_interval(secs => ${step})
              and ceil(extract(epoch from m.at) / ${step}) * ${step} <= extract(epoch from now())`
      const result = await db.execute<{ at: Date | string; clients: number; online: number }>(sql`
        select at, sum(clients)::int as clients, sum(online)::int as online
        from (
          select at, clients, online_devices as online from client_counts
          where tenant_id = ${query.tenantId} and project_id = any(${projects}::int[])
            and at >= ${since}::timestamptz
          ${deviceSamples}
        ) samples
        where at >= ${since}::timestamptz
        group by at order by at`)
      return result.rows.map((row) => ({ at: new Date(row.at), clients: row.clients, online: row.online }))
    },
  }
}
