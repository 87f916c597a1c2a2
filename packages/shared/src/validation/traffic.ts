import { z } from 'zod'
import { id } from './organisation'

/** The traffic charts' windows (issue 12: the last hour, day or week). */
export const TRAFFIC_RANGES = ['hour', 'day', 'week'] as const
export type TrafficRange = (typeof TRAFFIC_RANGES)[number]

/**
 * Each window's length and the bucket the server downsamples it to, so a chart has at most a few
 * hundred points whatever the fleet. A bucket is never finer than the sampling interval
 * (TELEMETRY_SAMPLE_SECONDS): with the default 300 s, the last hour has 5-minute points.
 */
export const TRAFFIC_WINDOWS: Record<TrafficRange, { seconds: number; bucketSeconds: number }> = {
  hour: { seconds: 3600, bucketSeconds: 60 },
  day: { seconds: 86_400, bucketSeconds: 300 },
  week: { seconds: 604_800, bucketSeconds: 3600 },
}

const trafficRange = z.enum(TRAFFIC_RANGES).default('day')

/** One device's WAN and radio throughput and its clients over a window (the detail's traffic tab). */
export const deviceTrafficRequest = z.object({ id, range: trafficRange })

/** Throughput and clients of what the caller sees, or of one project's subtree (the home page). */
export const trafficRequest = z.object({ gid: id.optional(), range: trafficRange })
