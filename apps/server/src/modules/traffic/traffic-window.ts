import { TRAFFIC_WINDOWS, type TrafficRange } from '@canopy/shared/validation'
import type { Window } from './traffic.repository'

/**
 * The window a range asks for, ending with the bucket in progress, and the buckets it is
 * downsampled to: the range's bucket, but never finer than the sampling interval (a bucket
 * without a sample would only be a hole in the line). Both ends fall on bucket boundaries, so
 * the answer stays the same until the next bucket begins.
 */
export function trafficWindow(range: TrafficRange, sampleSeconds: number, now: Date): Window {
  const { seconds } = TRAFFIC_WINDOWS[range]
  const bucketSeconds = Math.max(TRAFFIC_WINDOWS[range].bucketSeconds, sampleSeconds)
  const bucketMs = bucketSeconds * 1000
  const to = (Math.floor(now.getTime() / bucketMs) + 1) * bucketMs
  return { from: new Date(to - seconds * 1000), to: new Date(to), bucketSeconds, sampleSeconds }
}
