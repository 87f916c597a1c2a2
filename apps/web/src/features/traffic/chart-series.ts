/** [epoch ms, value]; null breaks the line where nothing was measured. */
export type SeriesPoint = [number, number | null]

/** A line of a traffic chart: throughput (bytes a second, left axis) or clients (right axis). */
export interface ChartLine {
  name: string
  axis: 'throughput' | 'clients'
  data: SeriesPoint[]
}

/**
 * The chart's line for one field of the server's buckets, in time order. The server sends every
 * bucket of the window, with null where nothing was measured, so the gaps are already there.
 */
export function lineOf<P extends { at: string }>(
  points: readonly P[],
  value: (point: P) => number | null,
): SeriesPoint[] {
  return points
    .map((point): SeriesPoint => [Date.parse(point.at), value(point)])
    .filter(([at]) => Number.isFinite(at))
    .sort((a, b) => a[0] - b[0])
}

/** Whether a line has anything to draw (a device without 5 GHz has no 5 GHz lines). */
export function hasValues(line: readonly SeriesPoint[]): boolean {
  return line.some(([, value]) => value !== null)
}
