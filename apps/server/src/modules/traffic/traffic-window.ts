import { TRAFFIC_WINDOWS, type TrafficRange } from '@canopy/shared/validation'
import type { Window } from './traffic.repository'

/**
 * The window a range asks for, ending now, and the buckets it is downsampled to: the range's
 * bucket, but never finer than the sampling interval (a bucket without a sample would only be a
 * hole in the line).
 */
export function trafficWindow(range: TrafficRange, sampleSeconds: number, now: Date): Window {
  const { seconds, bucketSeconds } = TRAFFIC_WINDOWS[range]
  return {
    from: new Date(now.getTime() - seconds * 1000),
    to: now,
    bucketSeconds: Math.max(bucketSeconds, sampleSeconds),
    sampleSeconds,
  }
}
