import type { ClientsPoint } from '../devices/api'

/** The server samples the online clients every 5 minutes (one point per sample). */
export const SAMPLE_MS = 5 * 60_000

/**
 * The shortest span the time axis covers: on a new install the first samples fill an hour of
 * the chart, not a sliver at the right edge of a day.
 */
export const MIN_SPAN_MS = 60 * 60_000

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
 * what happened while nothing was reported (a server restart, no device online). A history
 * shorter than the window starts the axis at its first sample (an hour at least).
 */
export function clientsSeries(points: readonly ClientsPoint[], hours: number, now: number): ClientsSeries {
  const windowStart = now - hours * 3_600_000
  const samples = points
    .map((point) => ({ at: Date.parse(point.at), clients: point.clients, devices: point.online_devices }))
    .filter((point) => Number.isFinite(point.at) && point.at >= windowStart && point.at <= now)
    .sort((a, b) => a.at - b.at)
  const first = samples[0]?.at
  const from = first === undefined ? windowStart : Math.max(windowStart, Math.min(first, now - MIN_SPAN_MS))
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

/**
 * A time axis tick: the hour and minute (24-hour, as the axis is read at a glance), and at
 * midnight the day instead, as the locale writes it short (not ECharts' "24" or a bare 00:00).
 */
export function timeTickLabel(ms: number, locale: string): string {
  const at = new Date(ms)
  if (at.getHours() === 0 && at.getMinutes() === 0)
    return new Intl.DateTimeFormat(locale, { month: '2-digit', day: '2-digit' }).format(at)
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`
}
