import { ErrorCode } from '@canopy/shared/errors'
import type { DeviceType, TelemetryMessage } from '@canopy/shared/protocol'
import type { DeviceListRequest } from '@canopy/shared/validation'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api'

export type DeviceStatus = 'online' | 'offline'

/** §3 device, as the device list (POST backend/device/list) returns it. */
export interface Device {
  id: number
  mac: string
  name: string | null
  remark: string | null
  model: string
  type: DeviceType
  status: DeviceStatus
  firmware: string | null
  gid: number | null
  project: string | null
  /** 1 when the project is the root group: shown with the root-group label */
  project_is_root: 0 | 1
  /** ISO 8601: when the device was bound (§3 "access time") */
  access_time: string | null
  status_changed_at: string | null
  last_seen_at: string | null
  /** seconds, from the latest report */
  uptime: number | null
  /** percent */
  cpu: number | null
  mem: number | null
  clients: number | null
  /** the WAN IP address of the latest report */
  wan_ip: string | null
}

/** The device's latest report (docs/protocol.md, telemetry), as backend/device/infos returns it. */
export type Telemetry = Partial<TelemetryMessage>

export interface DeviceInfo extends Device {
  telemetry: Telemetry | null
}

/** The list request of §7; the shared rule (validation/devices.ts) is what the server checks. */
export type DeviceListQuery = Omit<DeviceListRequest, 'pageIndex' | 'pageOffset'> & {
  pageIndex: number
  pageOffset: number
}
export type DeviceSortField = NonNullable<DeviceListRequest['sort']>

export interface DeviceList {
  total: number
  list: Device[]
}

/** §3 bind-device payload: gid is the ticked project's id, as a string (§7). */
export interface BindRequest {
  mac: string
  username: string
  password: string
  gid: string
}

export interface DeviceStatistics {
  total: number
  online: number
  offline: number
  by_type: { type: DeviceType; total: number; online: number }[]
  recent_offline: { id: number; mac: string; name: string | null; model: string; since: string | null }[]
}

/** A product of the catalogue (GET backend/device/types), for the filters. */
export interface DeviceProduct {
  model: string
  name: string
  type: DeviceType
  /** the firmware versions the caller's devices of this model run */
  firmware: string[]
}

/** §9 preview page size; the list's other sizes. */
export const FIRST_PAGE_SIZE = 10
export const PAGE_SIZES = [10, 20, 50, 100]
/** Status changes must show within 5 s: the list asks again every 4 s while the tab is visible. */
export const LIVE_REFRESH_MS = 4000

export const deviceKeys = {
  all: ['devices'] as const,
  lists: () => [...deviceKeys.all, 'list'] as const,
  list: (request: DeviceListQuery) => [...deviceKeys.lists(), request] as const,
  info: (id: number) => [...deviceKeys.all, 'info', id] as const,
  statistics: () => [...deviceKeys.all, 'statistics'] as const,
  types: () => ['deviceTypes'] as const,
}

/** A page of the caller's devices (§7 device list). */
export function fetchDeviceList(request: DeviceListQuery, signal?: AbortSignal): Promise<DeviceList> {
  return api.post<DeviceList>('backend/device/list', request, { signal })
}

export function useDeviceList(request: DeviceListQuery, enabled = true) {
  return useQuery({
    queryKey: deviceKeys.list(request),
    enabled,
    queryFn: ({ signal }) => fetchDeviceList(request, signal),
    placeholderData: keepPreviousData,
    // TanStack pauses the interval while the tab is hidden (refetchIntervalInBackground: false).
    refetchInterval: LIVE_REFRESH_MS,
  })
}

export function useDeviceInfo(id: number | undefined) {
  return useQuery({
    queryKey: deviceKeys.info(id ?? 0),
    queryFn: ({ signal }) => api.post<DeviceInfo>('backend/device/infos', { id }, { signal }),
    enabled: id !== undefined,
    refetchInterval: LIVE_REFRESH_MS,
  })
}

export function deviceStatisticsQuery() {
  return queryOptions({
    queryKey: deviceKeys.statistics(),
    queryFn: ({ signal }) => api.get<DeviceStatistics>('backend/device/statistics', undefined, { signal }),
  })
}

export function useDeviceStatistics(options: { live?: boolean; enabled?: boolean } = {}) {
  return useQuery({
    ...deviceStatisticsQuery(),
    enabled: options.enabled ?? true,
    refetchInterval: options.live ? LIVE_REFRESH_MS : false,
  })
}

export function useDeviceProducts() {
  return useQuery({
    queryKey: deviceKeys.types(),
    queryFn: ({ signal }) => api.get<DeviceProduct[]>('backend/device/types', undefined, { signal }),
    // The product catalogue changes with an operator's import, not while a page is open.
    staleTime: 5 * 60_000,
  })
}

/** Any change to devices refreshes every device query: lists, details, the home overview. */
function useDeviceMutation<TRequest, TResult>(call: (request: TRequest) => Promise<TResult>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  })
}

/** §8 bind refusals the dialog shows above its buttons rather than as toasts. */
const BIND_IN_PLACE = [ErrorCode.BIND_ERROR, ErrorCode.DEVICE_LIMIT_REACHED]

export function useBindDevice() {
  return useDeviceMutation((request: BindRequest) =>
    api.post<{ id: number }>('backend/device/bind', request, { shownInPlace: BIND_IN_PLACE }),
  )
}

export function useUnbindDevices() {
  return useDeviceMutation((ids: number[]) => api.post<null>('backend/device/unbind', { ids }))
}

export function useDeleteDevices() {
  return useDeviceMutation((ids: number[]) => api.post<null>('backend/device/deletes', { ids }))
}

export function useMoveDevices() {
  return useDeviceMutation((request: { ids: number[]; gid: number }) =>
    api.post<null>('backend/device/transgroup', request),
  )
}
