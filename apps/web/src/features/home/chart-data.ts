import type { ClientsPoint } from '../devices/api'

/** The server samples the online clients every 5 minutes (one point per sample). */
export const SAMPLE_MS = 5 * 60_000

/** [epoch ms, value]; null breaks the line where samples are missing. */
export type SeriesPoint = [number, number | null]

export interface ClientsSeries {
  clients: SeriesPoint[]
  devices: SeriesPoint[]
  /** the window the x axis spans */
  from: number
  to: number
}

/**
 * The chart's lines from the server's samples: in time order, within the last `hours`, with a
 * gap (null) wherever more than one sample is missing, so the line does not pretend to know
 * what happened while nothing was reported (a server restart, no device online).
 */
export function clientsSeries(points: readonly ClientsPoint[], hours: number, now: number): ClientsSeries {
  const from = now - hours * 3_600_000
  const samples = points
    .map((point) => ({ at: Date.parse(point.at), clients: point.clients, devices: point.online_devices }))
    .filter((point) => Number.isFinite(point.at) && point.at >= from && point.at <= now)
    .sort((a, b) => a.at - b.at)
  const clients: SeriesPoint[] = []
  const devices: SeriesPoint[] = []
  let previous: number | undefined
  for (const sample of samples) {
    if (previous !== undefined && sample.at - previous > SAMPLE_MS * 1.5) {
      clients.push([previous + SAMPLE_MS, null])
      devices.push([previous + SAMPLE_MS, null])
    }
    clients.push([sample.at, sample.clients])
    devices.push([sample.at, sample.devices])
    previous = sample.at
  }
  return { clients, devices, from, to: now }
}
