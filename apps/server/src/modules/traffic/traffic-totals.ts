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
 * the projects' WAN bytes over the seconds of the intervals filed in it, plus the devices
 * granted one by one; the projects' clients averaged over its sample times, plus those devices'.
 */
export function totalPoints(parts: TotalParts, window: Window): TotalPoint[] {
  const buckets = new Map<number, { rx: number[]; tx: number[]; clients: number[] }>()
  const bucket = (start: number) => {
    let found = buckets.get(start)
    if (!found) {
      found = { rx: [], tx: [], clients: [] }
      buckets.set(start, found)
    }
    return found
  }
  for (const { bucket: start, rx, tx, count } of parts.intervals) {
    bucket(start).rx.push(rx / (count * window.sampleSeconds))
    bucket(start).tx.push(tx / (count * window.sampleSeconds))
  }
  for (const { bucket: start, sum, times } of parts.clients) bucket(start).clients.push(sum / times)
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
