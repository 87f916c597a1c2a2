import { type SQL, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import type { Sample } from './traffic-series'

/** The byte counters a sample keeps (device_metrics), as the charts name them. */
export const COUNTERS = ['wan_rx', 'wan_tx', 'radio2g_rx', 'radio2g_tx', 'radio5g_rx', 'radio5g_tx'] as const
export type Counter = (typeof COUNTERS)[number]

/** Two samples further apart than this many sampling intervals give no throughput: a gap. */
export const MAX_GAP_INTERVALS = 2.5

/** A chart's window, downsampled to buckets of `bucketSeconds` from `from` (inclusive) to `to` (exclusive). */
export interface Window {
  from: Date
  to: Date
  bucketSeconds: number
  /** TELEMETRY_SAMPLE_SECONDS: how far apart a device's samples are */
  sampleSeconds: number
}

/** What the chart of what a caller sees adds up, per bucket (by its start, epoch ms). */
export interface TotalParts {
  /** the projects' WAN bytes of the sampling intervals starting in the bucket, and how many intervals */
  intervals: Array<{ bucket: number; rx: number; tx: number; count: number }>
  /** the projects' online clients summed per sample time, added up over the bucket's `times` */
  clients: Array<{ bucket: number; sum: number; times: number }>
  /** bytes a second and clients per bucket (by its start) of the devices granted one by one, added up */
  devices: Array<{ bucket: number; rx: number | null; tx: number | null; clients: number | null }>
}

// Buckets start at whole multiples of their length since the epoch, so every caller, instance
// and refresh cuts the same buckets.
export const ORIGIN = sql`'1970-01-01T00:00:00Z'::timestamptz`
export const seconds = (value: number) => sql`make_interval(secs => ${value})`

/**
 * The bytes between a sample and the one before it (`prev_<counter>`, `prev_uptime` from lag()):
 * the difference, or — when the counter or the uptime went down, so the device restarted (or a
 * 32-bit counter wrapped) — the new value, which is what it counted since. Null without both.
 */
export function delta(counter: Counter): SQL {
  const current = sql.raw(counter)
  const previous = sql.raw(`prev_${counter}`)
  return sql`case when ${current} is null or ${previous} is null then null
    when ${current} < ${previous} or uptime < prev_uptime then ${current}
    else ${current} - ${previous} end`
}

/**
 * Each sample of the chosen devices in (`after`, `until`] with the seconds since the device's
 * sample before it and the bytes of each counter in between; a pair further apart than the gap
 * has neither. Samples from up to a gap before `after` are read so the first pair has its start.
 */
function pairs(where: SQL, after: SQL, until: SQL, sampleSeconds: number): SQL {
  const gap = sampleSeconds * MAX_GAP_INTERVALS
  const lags = COUNTERS.map((counter) => sql.raw(`lag(${counter}) over w as prev_${counter}`))
  const deltas = COUNTERS.map(
    (counter) => sql`case when gap then ${delta(counter)} end as ${sql.raw(counter)}`,
  )
  return sql`(
    select device_id, at, clients, case when gap then seconds end as seconds, ${sql.join(deltas, sql`, `)}
    from (
      select *, seconds is not null and seconds <= ${gap} as gap
      from (
        select m.device_id, m.at, m.clients, m.uptime, ${sql.join(
          COUNTERS.map((counter) => sql.raw(`m.${counter}`)),
          sql`, `,
        )},
          extract(epoch from m.at - lag(m.at) over w)::float8 as seconds,
          lag(m.uptime) over w as prev_uptime, ${sql.join(lags, sql`, `)}
        from device_metrics m
        where ${where} and m.at >= ${after} - ${seconds(gap)} and m.at <= ${until}
        window w as (partition by m.device_id order by m.at)
      ) lagged
    ) flagged
    where at > ${after}
  )`
}

/**
 * A sample as one text of whole numbers ("at,clients,uptime,counters…", empty for null): on the
 * embedded database, writing out and reading back typed values is what a week costs, and one
 * text a row measured ~2.5 times faster than nine typed columns (arrays and window functions
 * slower still); the rows joined into one text (string_agg) about halve what is left, the rows'
 * own messages through the wire protocol. `m` is the device_metrics row.
 */
export const SAMPLE_TEXT = sql.raw(
  `concat_ws(',', (extract(epoch from m.at) * 1000)::int8, ${['clients', 'uptime', ...COUNTERS]
    .map((column) => `coalesce(m.${column}::text, '')`)
    .join(', ')})`,
)

/** A sample from its SAMPLE_TEXT. */
export function parseSample(text: string): Sample {
  const [at, clients, uptime, ...counters] = text
    .split(',')
    .map((value) => (value === '' ? null : Number(value)))
  return {
    at: at!,
    clients: clients ?? 0,
    uptime: uptime ?? null,
    counters: Object.fromEntries(
      COUNTERS.map((counter, index) => [counter, counters[index] ?? null]),
    ) as Record<Counter, number | null>,
  }
}

/** The traffic charts' queries: throughput from the samples' byte counters, downsampled. */
export function trafficRepository(db: Executor) {
  return {
    /**
     * One device's samples over the window, in time order, from up to a gap before it (so the
     * first one in the window has its predecessor): read by the primary key, downsampled by the
     * service (traffic-series.ts).
     */
    async deviceSamples(deviceId: number, window: Window): Promise<Sample[]> {
      const gap = window.sampleSeconds * MAX_GAP_INTERVALS
      const result = await db.execute<{ samples: string | null }>(sql`
        select string_agg(${SAMPLE_TEXT}, ';' order by m.at) as samples
        from device_metrics m
        where m.device_id = ${deviceId} and m.at >= ${window.from.toISOString()}::timestamptz - ${seconds(gap)}
          and m.at < ${window.to.toISOString()}::timestamptz`)
      const samples = result.rows[0]?.samples
      return samples ? samples.split(';').map(parseSample) : []
    },

    /**
     * What the chart of what a caller sees adds up per bucket, in one read: over `projectIds`,
     * the WAN bytes the housekeeping filed (project_traffic) of the intervals starting in it and
     * how many intervals those are, and the online clients (client_counts) summed per sample
     * time, added up, with how many times; over `deviceIds` outside those projects (devices a
     * role grants one by one), their throughput and clients from their samples. Each part
     * crosses as one text (see SAMPLE_TEXT; one text for all the rows costs less again).
     */
    async totalParts(query: {
      tenantId: number
      projectIds: readonly number[]
      deviceIds: readonly number[]
      window: Window
    }): Promise<TotalParts> {
      const { window } = query
      const from = sql`${window.from.toISOString()}::timestamptz`
      const to = sql`${window.to.toISOString()}::timestamptz`
      const bucket = seconds(window.bucketSeconds)
      const projects = sql.param([...query.projectIds])
      const step = seconds(window.sampleSeconds)
      const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::int8`)
      const devices =
        query.deviceIds.length === 0
          ? sql`null::text`
          : sql`(select string_agg(concat_ws(',', ${ms('bucket')}, coalesce(rx::text, ''), coalesce(tx::text, ''), clients), ';') from (
              select bucket, sum(rx) as rx, sum(tx) as tx, sum(clients) as clients from (
                select date_bin(${bucket}, at, ${ORIGIN}) as bucket,
                  sum(wan_rx) / nullif(sum(seconds) filter (where wan_rx is not null), 0) as rx,
                  sum(wan_tx) / nullif(sum(seconds) filter (where wan_tx is not null), 0) as tx, avg(clients)::float8 as clients
                from ${pairs(
                  sql`m.device_id = any(${sql.param([...query.deviceIds])}::int[]) and m.device_id in (
                    select id from devices where tenant_id = ${query.tenantId}
                      and (project_id is null or project_id <> all(${projects}::int[])))`,
                  from,
                  to,
                  window.sampleSeconds,
                )} p
                group by device_id, 1
              ) per_device group by bucket
            ) d)`
      // A project_traffic row at T holds the bytes of (T - step, T]: bucketed by its start.
      const result = await db.execute<{
        intervals: string | null
        clients: string | null
        devices: string | null
      }>(sql`
        select
          (select string_agg(concat_ws(',', ${ms('bucket')}, rx, tx, intervals), ';') from (
            select date_bin(${bucket}, at - ${step}, ${ORIGIN}) as bucket, sum(rx) as rx, sum(tx) as tx, count(*) as intervals
            from (
              select at, sum(rx_bytes) as rx, sum(tx_bytes) as tx from project_traffic
              where tenant_id = ${query.tenantId} and project_id = any(${projects}::int[])
                and at > ${from} and at < ${to} + ${step}
              group by at
            ) per_interval group by 1
          ) p) as intervals,
          (select string_agg(concat_ws(',', ${ms('bucket')}, clients, times), ';') from (
            select date_bin(${bucket}, at, ${ORIGIN}) as bucket, sum(clients) as clients, count(*) as times
            from (
              select at, sum(clients) as clients from client_counts
              where tenant_id = ${query.tenantId} and project_id = any(${projects}::int[]) and at >= ${from} and at < ${to}
              group by at
            ) per_time group by 1
          ) c) as clients,
          ${devices} as devices`)
      const row = result.rows[0]
      const split = (text: string | null | undefined) =>
        text
          ? text
              .split(';')
              .map((entry) => entry.split(',').map((value) => (value === '' ? null : Number(value))))
          : []
      return {
        intervals: split(row?.intervals).map(([bucket, rx, tx, count]) => ({
          bucket: bucket!,
          rx: rx!,
          tx: tx!,
          count: count!,
        })),
        clients: split(row?.clients).map(([bucket, sum, times]) => ({
          bucket: bucket!,
          sum: sum!,
          times: times!,
        })),
        devices: split(row?.devices).map(([bucket, rx, tx, clients]) => ({
          bucket: bucket!,
          rx: rx ?? null,
          tx: tx ?? null,
          clients: clients ?? null,
        })),
      }
    },

    /**
     * Files each project's WAN bytes for the sampling interval ending at `end`: its devices'
     * counter differences (resets and gaps as for the charts). Idempotent: several instances may
     * all run it.
     */
    async fileProjectTraffic(end: Date, sampleSeconds: number): Promise<void> {
      const until = sql`${end.toISOString()}::timestamptz`
      await db.execute(sql`
        insert into project_traffic (tenant_id, project_id, at, rx_bytes, tx_bytes)
        select d.tenant_id, d.project_id, ${until}, coalesce(sum(p.wan_rx), 0), coalesce(sum(p.wan_tx), 0)
        from ${pairs(sql`true`, sql`${until} - ${seconds(sampleSeconds)}`, until, sampleSeconds)} p
        join devices d on d.id = p.device_id
        where p.seconds is not null and d.tenant_id is not null and d.project_id is not null
        group by d.tenant_id, d.project_id
        on conflict do nothing`)
    },

    async prune(before: Date): Promise<void> {
      await db.execute(sql`delete from project_traffic where at < ${before.toISOString()}::timestamptz`)
    },
  }
}
