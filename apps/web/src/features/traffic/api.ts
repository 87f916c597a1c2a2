import type { TrafficRange } from '@canopy/shared/validation'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '../../shared/api'

/** A chart as the server downsampled it: `points` one per bucket from `from` to `to`, nulls where nothing was measured. */
export interface TrafficChart<P> {
  from: string
  to: string
  bucket_seconds: number
  points: P[]
}

/** One device's bucket: bytes a second per counter, and its clients. */
export interface DeviceTrafficPoint {
  at: string
  clients: number | null
  wan_rx: number | null
  wan_tx: number | null
  radio2g_rx: number | null
  radio2g_tx: number | null
  radio5g_rx: number | null
  radio5g_tx: number | null
}

/** A bucket over what the caller sees: WAN bytes a second down (rx) and up (tx), online clients. */
export interface TotalTrafficPoint {
  at: string
  rx: number | null
  tx: number | null
  clients: number | null
}

export const trafficKeys = {
  all: ['traffic'] as const,
  device: (id: number, range: TrafficRange) => [...trafficKeys.all, 'device', id, range] as const,
  total: (range: TrafficRange, gid: number | undefined) =>
    [...trafficKeys.all, 'total', range, gid ?? 'all'] as const,
}

// Samples come every few minutes: a minute is fresh enough.
const REFRESH_MS = 60_000

export function useDeviceTraffic(id: number, range: TrafficRange) {
  return useQuery({
    queryKey: trafficKeys.device(id, range),
    queryFn: ({ signal }) =>
      api.post<TrafficChart<DeviceTrafficPoint>>('backend/device/traffic', { id, range }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  })
}

export function useTotalTraffic(range: TrafficRange, gid: number | undefined) {
  return useQuery({
    queryKey: trafficKeys.total(range, gid),
    queryFn: ({ signal }) =>
      api.post<TrafficChart<TotalTrafficPoint>>(
        'backend/user/statistics/traffic',
        gid === undefined ? { range } : { range, gid },
        { signal },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  })
}
