import { COUNTERS, type Counter, MAX_GAP_INTERVALS, type Window } from './traffic.repository'

/** A device's history sample as the chart reads it (epoch ms; counters null where not reported). */
export interface Sample {
  at: number
  clients: number
  uptime: number | null
  counters: Record<Counter, number | null>
}

/**
 * What a bucket adds up: its samples and their clients, and per counter (in COUNTERS' order) the
 * bytes measured and the milliseconds they span. Whole numbers, so sums filed per hour add up to
 * exactly what the samples give.
 */
export interface Sums {
  samples: number
  clients: number
  bytes: number[]
  ms: number[]
}

/** An hour of a device's traffic rollup (device_traffic_hourly): its start (epoch ms) and sums. */
export interface HourSums extends Sums {
  hour: number
}

/** The rollup's hours of a window, and where they end: samples count from `until` on. */
export interface Rollup {
  hours: readonly HourSums[]
  until: number
}

/** Bytes a second per counter (null where nothing was measured), and the clients, per bucket. */
export type DevicePoint = { at: Date; clients: number | null } & Record<Counter, number | null>

/**
 * The bytes between two samples of a counter: the difference, or — when the counter or the
 * uptime went down, so the device restarted (or a 32-bit counter wrapped) — the new value, which
 * is what it counted since. Null without both. (The housekeeping's filings apply the same rule
 * in SQL: traffic.repository.ts `delta`.)
 */
export function counterDelta(
  current: number | null,
  previous: number | null,
  uptime: number | null,
  previousUptime: number | null,
): number | null {
  if (current === null || previous === null) return null
  const restarted =
    current < previous || (uptime !== null && previousUptime !== null && uptime < previousUptime)
  return restarted ? current : current - previous
}

/** The start of every bucket of the window, in order (buckets start at multiples of their length since the epoch). */
export function bucketStarts(window: Window): number[] {
  const step = window.bucketSeconds * 1000
  const starts: number[] = []
  for (let at = Math.floor(window.from.getTime() / step) * step; at < window.to.getTime(); at += step)
    starts.push(at)
  return starts
}

const emptySums = (): Sums => ({
  samples: 0,
  clients: 0,
  bytes: COUNTERS.map(() => 0),
  ms: COUNTERS.map(() => 0),
})

/**
 * The sums of each `bucketMs`-long bucket (by its start) over one device's samples (in time
 * order) from `from` (inclusive) to `to` (exclusive). A pair of samples counts in the bucket of
 * its later one; a pair further apart than `gapMs` measures nothing (a gap, not an average over
 * the silence). Samples before `from` only start a pair.
 */
export function sampleSums(
  samples: readonly Sample[],
  range: { from: number; to: number; bucketMs: number; gapMs: number },
): Map<number, Sums> {
  const sums = new Map<number, Sums>()
  samples.forEach((sample, index) => {
    if (sample.at < range.from || sample.at >= range.to) return
    const start = Math.floor(sample.at / range.bucketMs) * range.bucketMs
    let bucket = sums.get(start)
    if (!bucket) {
      bucket = emptySums()
      sums.set(start, bucket)
    }
    bucket.clients += sample.clients
    bucket.samples++
    const previous = samples[index - 1]
    if (!previous || sample.at - previous.at > range.gapMs || sample.at <= previous.at) return
    COUNTERS.forEach((counter, i) => {
      const bytes = counterDelta(
        sample.counters[counter],
        previous.counters[counter],
        sample.uptime,
        previous.uptime,
      )
      if (bytes === null) return
      bucket.bytes[i]! += bytes
      bucket.ms[i]! += sample.at - previous.at
    })
  })
  return sums
}

/**
 * One device's chart: its samples (in time order, from up to a gap before what they cover)
 * downsampled to the window's buckets — each counter's bytes over the seconds they were measured
 * in, the clients' average. With a rollup (buckets of whole hours), its hours stand for the
 * samples before `until`, and the samples count from there. Every bucket is there, null where
 * nothing was measured, so the chart draws no line across a gap.
 */
export function deviceBuckets(samples: readonly Sample[], window: Window, rollup?: Rollup): DevicePoint[] {
  const bucketMs = window.bucketSeconds * 1000
  const from = window.from.getTime()
  const to = window.to.getTime()
  const rawFrom = rollup ? Math.min(Math.max(from, rollup.until), to) : from
  const gapMs = window.sampleSeconds * MAX_GAP_INTERVALS * 1000
  const sums = sampleSums(samples, { from: rawFrom, to, bucketMs, gapMs })
  for (const hour of rollup?.hours ?? []) {
    if (hour.hour < from || hour.hour >= rawFrom) continue
    const start = Math.floor(hour.hour / bucketMs) * bucketMs
    const bucket = sums.get(start) ?? emptySums()
    sums.set(start, addSums(bucket, hour))
  }
  return bucketStarts(window).map((start) => {
    const bucket = sums.get(start)
    const rates = COUNTERS.map((counter, i) => {
      const ms = bucket?.ms[i] ?? 0
      return [counter, ms > 0 ? Math.round(bucket!.bytes[i]! / (ms / 1000)) : null] as const
    })
    return {
      at: new Date(start),
      clients: bucket && bucket.samples > 0 ? Math.round(bucket.clients / bucket.samples) : null,
      ...(Object.fromEntries(rates) as Record<Counter, number | null>),
    }
  })
}

function addSums(total: Sums, more: Sums): Sums {
  total.samples += more.samples
  total.clients += more.clients
  COUNTERS.forEach((_, i) => {
    total.bytes[i]! += more.bytes[i]!
    total.ms[i]! += more.ms[i]!
  })
  return total
}
