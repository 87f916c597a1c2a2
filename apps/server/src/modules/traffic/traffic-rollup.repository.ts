import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import {
  COUNTERS,
  delta,
  MAX_GAP_INTERVALS,
  parseSample,
  SAMPLE_TEXT,
  seconds,
  type Window,
} from './traffic.repository'
import type { HourSums, Sample } from './traffic-series'

/** The per-device hourly rollup's name in traffic_rollups. */
const DEVICE_HOURLY = 'device_hourly'
export const HOUR_MS = 3_600_000

const at = (time: Date | number) => sql`${new Date(time).toISOString()}::timestamptz`
const epochMsText = (column: string) => `(extract(epoch from ${column}) * 1000)::int8`
const epochMs = (column: string) => sql.raw(epochMsText(column))
const HOUR_COLUMNS = COUNTERS.flatMap((counter) => [counter, `${counter}_ms`])

/**
 * The hourly rollup of device traffic (device_traffic_hourly): filed by the housekeeping, read by
 * a device's week chart. Its sums follow the chart's rule exactly (traffic-series.ts
 * `sampleSums`), in whole bytes and milliseconds, so the rollup's hours and the samples give the
 * same chart.
 */
export function trafficRollupRepository(db: Executor) {
  return {
    /** Where the rollup is filed up to, and the hour of the oldest sample kept (epoch ms; null for none). */
    async progress(): Promise<{ filedUntil: number | null; firstSampleAt: number | null }> {
      const result = await db.execute<{ filed_until: string | null; first_sample_at: string | null }>(sql`
        select (select ${epochMs('filed_until')} from traffic_rollups where name = ${DEVICE_HOURLY}) as filed_until,
          (select ${epochMs('min(at)')} from device_metrics) as first_sample_at`)
      const row = result.rows[0]
      const number = (value: string | null | undefined) => (value == null ? null : Number(value))
      return { filedUntil: number(row?.filed_until), firstSampleAt: number(row?.first_sample_at) }
    },

    /**
     * Files every device's hour starting at `hour` and moves the rollup's end past it, in one
     * statement. Each sample of the hour pairs with the one before it (read from up to a gap
     * before the hour): counter differences, a restart counted from the new value, a pair
     * further apart than the gap measuring nothing — as the charts. Idempotent: an hour already
     * filed stays as it is, the end never moves back, so several instances may all run it.
     */
    async fileHour(hour: Date, sampleSeconds: number): Promise<void> {
      const gapMs = sampleSeconds * MAX_GAP_INTERVALS * 1000
      const start = at(hour)
      const end = at(hour.getTime() + HOUR_MS)
      const lags = COUNTERS.map((counter) => sql.raw(`lag(${counter}) over w as prev_${counter}`))
      const deltas = COUNTERS.map(
        (counter) => sql`case when paired then ${delta(counter)} end as ${sql.raw(counter)}`,
      )
      const sums = COUNTERS.map((counter) =>
        sql.raw(
          `coalesce(sum(${counter}), 0)::int8, coalesce(sum(ms) filter (where ${counter} is not null), 0)::int8`,
        ),
      )
      await db.execute(sql`
        with filed as (
          insert into device_traffic_hourly (device_id, hour, samples, clients, ${sql.raw(HOUR_COLUMNS.join(', '))})
          select device_id, ${start}, count(*)::int, sum(clients)::int8, ${sql.join(sums, sql`, `)}
          from (
            select device_id, at, clients, ${sql.join(deltas, sql`, `)}, case when paired then ms end as ms
            from (
              select *, ms is not null and ms > 0 and ms <= ${gapMs} as paired
              from (
                select device_id, at, clients, uptime, ${sql.raw(COUNTERS.join(', '))},
                  at_ms - lag(at_ms) over w as ms, lag(uptime) over w as prev_uptime, ${sql.join(lags, sql`, `)}
                from (
                  select *, ${epochMs('at')} as at_ms from device_metrics
                  where at >= ${start} - ${seconds(gapMs / 1000)} and at < ${end}
                ) m
                window w as (partition by device_id order by at)
              ) lagged
            ) flagged
            where at >= ${start}
          ) pairs
          group by device_id
          on conflict do nothing
        )
        insert into traffic_rollups (name, filed_until) values (${DEVICE_HOURLY}, ${end})
        on conflict (name) do update set filed_until = greatest(traffic_rollups.filed_until, excluded.filed_until)`)
    },

    /**
     * One device's week chart in one read: the rollup's hours of the window up to where it is
     * filed (`until`, within the window), and the samples from up to a gap before `until` to the
     * window's end (the hours not rolled up yet, and the pair starting the first of them).
     */
    async deviceHours(
      deviceId: number,
      window: Window,
    ): Promise<{ hours: HourSums[]; until: number; samples: Sample[] }> {
      const from = at(window.from)
      const to = at(window.to)
      const gap = seconds(window.sampleSeconds * MAX_GAP_INTERVALS)
      const hourText = sql.raw(
        `concat_ws(',', ${epochMsText('hour')}, samples, clients, ${HOUR_COLUMNS.join(', ')})`,
      )
      // Each part as one text of its rows (see SAMPLE_TEXT).
      const result = await db.execute<{ until: string; hours: string | null; samples: string | null }>(sql`
        with split as (
          select greatest(${from}, least(${to}, coalesce(
            (select filed_until from traffic_rollups where name = ${DEVICE_HOURLY}), ${from}))) as until
        )
        select (select ${epochMs('until')} from split) as until,
          (select string_agg(${hourText}, ';' order by hour) from device_traffic_hourly
            where device_id = ${deviceId} and hour >= ${from} and hour < (select until from split)) as hours,
          (select string_agg(${SAMPLE_TEXT}, ';' order by m.at) from device_metrics m
            where m.device_id = ${deviceId} and m.at >= (select until from split) - ${gap} and m.at < ${to}) as samples`)
      const row = result.rows[0]!
      return {
        until: Number(row.until),
        hours: row.hours ? row.hours.split(';').map(parseHour) : [],
        samples: row.samples ? row.samples.split(';').map(parseSample) : [],
      }
    },

    async prune(before: Date): Promise<void> {
      await db.execute(sql`delete from device_traffic_hourly where hour < ${at(before)}`)
    },
  }
}

function parseHour(text: string): HourSums {
  const [hour, samples, clients, ...measured] = text.split(',').map(Number)
  return {
    hour: hour!,
    samples: samples!,
    clients: clients!,
    bytes: COUNTERS.map((_, i) => measured[2 * i]!),
    ms: COUNTERS.map((_, i) => measured[2 * i + 1]!),
  }
}
