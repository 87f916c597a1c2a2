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

/** Bytes a second down (rx) and up (tx) and the online clients, per bucket. */
export interface TotalPoint {
  at: Date
  rx: number | null
  tx: number | null
  clients: number | null
}

// Buckets start at whole multiples of their length since the epoch, so every caller, instance
// and refresh cuts the same buckets.
const ORIGIN = sql`'1970-01-01T00:00:00Z'::timestamptz`
const seconds = (value: number) => sql`make_interval(secs => ${value})`

/**
 * The bytes between a sample and the one before it (`prev_<counter>`, `prev_uptime` from lag()):
 * the difference, or — when the counter or the uptime went down, so the device restarted (or a
 * 32-bit counter wrapped) — the new value, which is what it counted since. Null without both.
 */
function delta(counter: Counter): SQL {
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
        where ${where} and m.at > ${after} - ${seconds(gap)} and m.at <= ${until}
        window w as (partition by m.device_id order by m.at)
      ) lagged
    ) flagged
    where at > ${after}
  )`
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
      // Each sample as one text of whole numbers ("at,clients,uptime,counters…", empty for
      // null): on the embedded database, writing out and reading back typed values is what a
      // week costs, and one text a row measured ~2.5 times faster than nine typed columns
      // (arrays and window functions slower still).
      const fields = ['clients', 'uptime', ...COUNTERS].map((column) =>
        sql.raw(`coalesce(${column}::text, '')`),
      )
      const result = await db.execute<{ sample: string }>(sql`
        select concat_ws(',', (extract(epoch from at) * 1000)::int8, ${sql.join(fields, sql`, `)}) as sample
        from device_metrics
        where device_id = ${deviceId} and at > ${window.from.toISOString()}::timestamptz - ${seconds(gap)}
          and at < ${window.to.toISOString()}::timestamptz
        order by at`)
      return result.rows.map(({ sample }) => {
        const [at, clients, uptime, ...counters] = sample
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
      })
    },

    /**
     * WAN throughput and online clients per bucket over what a caller sees: the per-project
     * sums the housekeeping files (project_traffic, client_counts) for `projectIds`, plus the
     * samples of `deviceIds` outside those projects (devices a role grants one by one). Only
     * the buckets with something in them.
     */
    async totalSeries(query: {
      tenantId: number
      projectIds: readonly number[]
      deviceIds: readonly number[]
      window: Window
    }): Promise<TotalPoint[]> {
      const { window } = query
      const from = sql`${window.from.toISOString()}::timestamptz`
      const to = sql`${window.to.toISOString()}::timestamptz`
      const bucket = seconds(window.bucketSeconds)
      const projects = sql.param([...query.projectIds])
      const step = window.sampleSeconds
      // A project_traffic row at T holds the bytes of (T - step, T]: bucketed by its start.
      const devices =
        query.deviceIds.length === 0
          ? sql``
          : sql`union all
            select bucket, sum(rx)::float8, sum(tx)::float8, sum(clients)::float8 from (
              select date_bin(${bucket}, at, ${ORIGIN}) as bucket, sum(wan_rx) / nullif(sum(seconds) filter (where wan_rx is not null), 0) as rx,
                sum(wan_tx) / nullif(sum(seconds) filter (where wan_tx is not null), 0) as tx, avg(clients)::float8 as clients
              from ${pairs(
                sql`m.device_id = any(${sql.param([...query.deviceIds])}::int[]) and m.device_id in (
                  select id from devices where tenant_id = ${query.tenantId}
                    and (project_id is null or project_id <> all(${projects}::int[])))`,
                from,
                to,
                step,
              )} p
              group by device_id, 1
            ) per_device group by bucket`
      const result = await db.execute<{
        at: Date | string
        rx: number | null
        tx: number | null
        clients: number | null
      }>(sql`
        with parts (bucket, rx, tx, clients) as (
          select date_bin(${bucket}, at - ${seconds(step)}, ${ORIGIN}),
            sum(rx_bytes)::float8 / (count(distinct at) * ${step}), sum(tx_bytes)::float8 / (count(distinct at) * ${step}), null::float8
          from project_traffic
          where tenant_id = ${query.tenantId} and project_id = any(${projects}::int[])
            and at > date_bin(${bucket}, ${from}, ${ORIGIN}) and at <= ${to} + ${seconds(step)}
          group by 1
          union all
          select date_bin(${bucket}, at, ${ORIGIN}), null, null, avg(clients)::float8 from (
            select at, sum(clients) as clients from client_counts
            where tenant_id = ${query.tenantId} and project_id = any(${projects}::int[]) and at >= ${from} and at <= ${to}
            group by at
          ) per_time group by 1
          ${devices}
        )
        select bucket as at, round(sum(rx))::float8 as rx, round(sum(tx))::float8 as tx,
          round(sum(clients))::int as clients
        from parts where bucket >= ${from} and bucket < ${to} group by bucket`)
      return result.rows.map((row) => ({
        at: new Date(row.at),
        rx: row.rx,
        tx: row.tx,
        clients: row.clients,
      }))
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
