import type { TotalParts, Window } from './traffic.repository'
import { bucketStarts } from './traffic-series'

/** Bytes a second down (rx) and up (tx) and the online clients over what a caller sees, per bucket. */
export interface TotalPoint {
  at: Date
  rx: number | null
  tx: number | null
  clients: number | null
}

/**
 * Every bucket of the window, null where nothing was measured (the chart draws no line across):
 * the projects' WAN bytes of the intervals that start in it over the seconds they cover, plus
 * the devices granted one by one; the projects' clients averaged over its sample times, plus
 * those devices'.
 */
export function totalPoints(parts: TotalParts, window: Window): TotalPoint[] {
  const bucketMs = window.bucketSeconds * 1000
  const stepMs = window.sampleSeconds * 1000
  const bucketOf = (at: number) => Math.floor(at / bucketMs) * bucketMs
  const buckets = new Map<number, { rx: number[]; tx: number[]; clients: number[] }>()
  const bucket = (start: number) => {
    let found = buckets.get(start)
    if (!found) {
      found = { rx: [], tx: [], clients: [] }
      buckets.set(start, found)
    }
    return found
  }
  // Each interval's bytes counted in the bucket of its start (the row is filed at its end).
  const intervals = new Map<number, { rx: number; tx: number; count: number }>()
  for (const { end, rx, tx } of parts.intervals) {
    const start = bucketOf(end - stepMs)
    const sum = intervals.get(start) ?? { rx: 0, tx: 0, count: 0 }
    intervals.set(start, { rx: sum.rx + rx, tx: sum.tx + tx, count: sum.count + 1 })
  }
  for (const [start, sum] of intervals) {
    const seconds = sum.count * window.sampleSeconds
    bucket(start).rx.push(sum.rx / seconds)
    bucket(start).tx.push(sum.tx / seconds)
  }
  const clients = new Map<number, { sum: number; count: number }>()
  for (const { at, clients: count } of parts.clients) {
    const start = bucketOf(at)
    const sum = clients.get(start) ?? { sum: 0, count: 0 }
    clients.set(start, { sum: sum.sum + count, count: sum.count + 1 })
  }
  for (const [start, sum] of clients) bucket(start).clients.push(sum.sum / sum.count)
  for (const device of parts.devices) {
    const found = bucket(device.bucket)
    if (device.rx !== null) found.rx.push(device.rx)
    if (device.tx !== null) found.tx.push(device.tx)
    if (device.clients !== null) found.clients.push(device.clients)
  }
  const total = (values: number[] | undefined) =>
    values && values.length > 0 ? Math.round(values.reduce((sum, value) => sum + value, 0)) : null
  return bucketStarts(window).map((start) => {
    const found = buckets.get(start)
    return { at: new Date(start), rx: total(found?.rx), tx: total(found?.tx), clients: total(found?.clients) }
  })
}
