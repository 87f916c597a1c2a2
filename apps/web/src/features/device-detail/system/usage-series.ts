import type { UsagePoint } from '../api'

/** [epoch ms, percent]; null where the device reported nothing. */
export type UsageSample = [number, number | null]

export interface UsageSeries {
  cpu: UsageSample[]
  mem: UsageSample[]
  /** the window the x axis spans: the chosen hours up to now, however few samples there are */
  from: number
  to: number
}

/** The history chart's two lines, in time order, within the last `hours`. */
export function usageSeries(points: readonly UsagePoint[], hours: number, now: number): UsageSeries {
  const from = now - hours * 3_600_000
  const samples = points
    .map((point) => ({ at: Date.parse(point.at), cpu: point.cpu, mem: point.mem }))
    .filter((point) => Number.isFinite(point.at) && point.at >= from && point.at <= now)
    .sort((a, b) => a.at - b.at)
  return {
    cpu: samples.map((sample) => [sample.at, sample.cpu]),
    mem: samples.map((sample) => [sample.at, sample.mem]),
    from,
    to: now,
  }
}
