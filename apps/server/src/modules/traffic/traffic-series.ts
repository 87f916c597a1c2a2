import { COUNTERS, type Counter, MAX_GAP_INTERVALS, type Window } from './traffic.repository'

/** A device's history sample as the chart reads it (epoch ms; counters null where not reported). */
export interface Sample {
  at: number
  clients: number
  uptime: number | null
  counters: Record<Counter, number | null>
}

/** Bytes a second per counter (null where nothing was measured), and the clients, per bucket. */
export type DevicePoint = { at: Date; clients: number | null } & Record<Counter, number | null>

/**
 * The bytes between two samples of a counter: the difference, or — when the counter or the
 * uptime went down, so the device restarted (or a 32-bit counter wrapped) — the new value, which
 * is what it counted since. Null without both. (The housekeeping's filing applies the same rule
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

/**
 * One device's samples (in time order, from up to a gap before the window) downsampled to the
 * window's buckets: each counter's bytes over the seconds they were measured in, a pair of
 * samples further apart than the gap measuring nothing; the clients' average. Every bucket is
 * there, null where nothing was measured, so the chart draws no line across a gap.
 */
export function deviceBuckets(samples: readonly Sample[], window: Window): DevicePoint[] {
  const step = window.bucketSeconds * 1000
  const gapMs = window.sampleSeconds * MAX_GAP_INTERVALS * 1000
  const from = window.from.getTime()
  const sums = new Map<number, { bytes: number[]; seconds: number[]; clients: number; samples: number }>()
  samples.forEach((sample, index) => {
    if (sample.at <= from || sample.at >= window.to.getTime()) return
    const start = Math.floor(sample.at / step) * step
    let bucket = sums.get(start)
    if (!bucket) {
      bucket = { bytes: COUNTERS.map(() => 0), seconds: COUNTERS.map(() => 0), clients: 0, samples: 0 }
      sums.set(start, bucket)
    }
    bucket.clients += sample.clients
    bucket.samples++
    const previous = samples[index - 1]
    if (!previous || sample.at - previous.at > gapMs || sample.at <= previous.at) return
    COUNTERS.forEach((counter, i) => {
      const bytes = counterDelta(
        sample.counters[counter],
        previous.counters[counter],
        sample.uptime,
        previous.uptime,
      )
      if (bytes === null) return
      bucket.bytes[i]! += bytes
      bucket.seconds[i]! += (sample.at - previous.at) / 1000
    })
  })
  return bucketStarts(window).map((start) => {
    const bucket = sums.get(start)
    const rates = COUNTERS.map((counter, i) => {
      const seconds = bucket?.seconds[i] ?? 0
      return [counter, seconds > 0 ? Math.round(bucket!.bytes[i]! / seconds) : null] as const
    })
    return {
      at: new Date(start),
      clients: bucket ? Math.round(bucket.clients / bucket.samples) : null,
      ...(Object.fromEntries(rates) as Record<Counter, number | null>),
    }
  })
}
