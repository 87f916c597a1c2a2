import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api'

/** A firmware package as backend/firmware/list and /usable return it. */
export interface FirmwarePackage {
  id: number
  model: string
  version: string
  size: number
  sha256: string
  filename: string
  /** published by the operator for every tenant: listed, not deletable here */
  public: boolean
  created_at: string
  created_by: number | null
  /** an upgrade order uses it: deleting is refused */
  in_use: boolean
}

export type OrderStatus = 'scheduled' | 'running' | 'finished' | 'canceled' | 'aborted'
export type OrderResult = 'waiting' | 'upgrading' | 'success' | 'failed' | 'partial'
export type UpgradeResult = 'waiting' | 'upgrading' | 'failed' | 'success'
export type CommandResult = 'not_sent' | 'sent' | 'failed' | 'successful'
export type DownloadPhase = 'preparing' | 'downloading' | 'downloaded' | 'failed' | 'redownload'

/** One upgrade order of backend/upgrade/list (§3: number, model, version, count, time, result). */
export interface UpgradeOrder {
  id: number
  order_no: string
  model: string
  version: string
  device_count: number
  timing: 'immediate' | 'timed'
  start_at: string | null
  created_at: string
  created_by: string | number | null
  status: OrderStatus
  /** why an order was aborted: canary_failed, failure_rate */
  end_reason?: string | null
  result: OrderResult
  counts: { waiting: number; upgrading: number; success: number; failed: number }
}

/** One device of an order (backend/upgrade/info), §4's three state lines and the reason. */
export interface OrderDevice {
  device_id: number
  mac: string
  name: string | null
  from_version: string | null
  upgrade_result: UpgradeResult
  command_result: CommandResult
  download: DownloadPhase | null
  progress: number | null
  reason: string | null
  retries: number
  max_retries: number
  updated_at: string | null
}

/** backend/upgrade/info: the order, counted over the devices the caller sees, and one page of them. */
export interface OrderInfo {
  order: UpgradeOrder & { options?: Record<string, unknown> }
  /** failed devices "retry failed" would send again (under the retry cap), over the whole order */
  retriable: number
  /** devices matching the filter, over every page */
  total: number
  devices: OrderDevice[]
}

/** Which page of an order's devices the detail asks for, and of which upgrade result. */
export interface OrderInfoRequest {
  pageIndex: number
  pageOffset: number
  result?: UpgradeResult
}

/** The create call of the contract (issue 13); §5's timing rules are the shared schema's. */
export interface CreateOrderRequest {
  deviceIds?: number[]
  gid?: number
  packageId: number
  timing: 'immediate' | 'timed'
  startAt?: string
  canary?: { devices?: number; percent?: number }
  ratePerMinute?: number
  concurrency?: number
  abort?: { failurePercent: number; minFinished: number }
  waitOffline?: boolean
  windowEnd?: string
}

/** The filters both logs take (shared log-filters rule). */
export interface LogFilters {
  start?: string
  end?: string
  days?: number
  model?: string
  result?: string
  action?: string
}

export interface OperationLogEntry {
  id: number
  created_at: string
  account: string | null
  action: string
  device_count: number
  devices: { id: number; mac: string }[]
  detail: string | null
  result: string
}

export interface UpgradeLogEntry {
  order_id: number
  order_no: string
  device_id: number
  mac: string
  model: string
  from_version: string | null
  to_version: string
  result: string
  reason: string | null
  started_at: string | null
  finished_at: string | null
  account: string | null
}

export interface DeviceUpgradeState {
  id: number
  upgrade_status: UpgradeResult | null
  /** the newest package this device could take, when it is newer than what it runs */
  latest_version: string | null
}

export interface Page<T> {
  total: number
  list: T[]
}

export interface PageRequest {
  pageIndex: number
  pageOffset: number
}

/** A running order's detail asks again this often, as the device list does. */
export const ORDER_REFRESH_MS = 3000

export const maintainKeys = {
  all: ['maintain'] as const,
  firmware: () => [...maintainKeys.all, 'firmware'] as const,
  firmwareList: (request: PageRequest & { model?: string }) =>
    [...maintainKeys.firmware(), 'list', request] as const,
  usable: (model: string) => [...maintainKeys.firmware(), 'usable', model] as const,
  orders: () => [...maintainKeys.all, 'orders'] as const,
  orderList: (request: PageRequest & LogFilters) => [...maintainKeys.orders(), 'list', request] as const,
  order: (id: number) => [...maintainKeys.orders(), 'info', id] as const,
  deviceStates: (ids: readonly number[]) => [...maintainKeys.all, 'deviceStates', ids] as const,
  operationLog: (request: PageRequest & LogFilters) =>
    [...maintainKeys.all, 'operationLog', request] as const,
  upgradeLog: (request: PageRequest & LogFilters) => [...maintainKeys.all, 'upgradeLog', request] as const,
}

export function useFirmwareList(request: PageRequest & { model?: string }) {
  return useQuery({
    queryKey: maintainKeys.firmwareList(request),
    queryFn: ({ signal }) => api.post<Page<FirmwarePackage>>('backend/firmware/list', request, { signal }),
    placeholderData: keepPreviousData,
  })
}

export function useUsablePackages(model: string | undefined) {
  return useQuery({
    queryKey: maintainKeys.usable(model ?? ''),
    enabled: Boolean(model),
    queryFn: ({ signal }) =>
      api.get<{ list: FirmwarePackage[] }>('backend/firmware/usable', { model }, { signal }),
  })
}

/** Changes to packages or orders refresh both: a package's "in use" follows its orders. */
function useMaintainMutation<TRequest, TResult>(call: (request: TRequest) => Promise<TResult>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: maintainKeys.all }),
  })
}

export interface UploadRequest {
  file: File
  model?: string
  version?: string
}

export function useUploadFirmware(shownInPlace: readonly number[]) {
  return useMaintainMutation(({ file, model, version }: UploadRequest) => {
    const form = new FormData()
    // The fields first: the server reads them before it streams the file.
    if (model) form.append('model', model)
    if (version) form.append('version', version)
    form.append('file', file, file.name)
    return api.post<{ id: number; model: string; version: string; size: number; sha256: string }>(
      'backend/firmware/upload',
      form,
      { shownInPlace },
    )
  })
}

export function useDeleteFirmware() {
  return useMaintainMutation((id: number) => api.post<unknown>('backend/firmware/delete', { id }))
}

export function useOrderList(request: PageRequest & LogFilters) {
  return useQuery({
    queryKey: maintainKeys.orderList(request),
    queryFn: ({ signal }) => api.post<Page<UpgradeOrder>>('backend/upgrade/list', request, { signal }),
    placeholderData: keepPreviousData,
    // Orders run by themselves: their results move while the list is open.
    refetchInterval: ORDER_REFRESH_MS * 2,
  })
}

/** An order's detail, asked again every few seconds while it is scheduled or running. */
export function useOrderInfo(id: number | undefined, request: OrderInfoRequest) {
  return useQuery({
    queryKey: [...maintainKeys.order(id ?? 0), request] as const,
    enabled: id !== undefined,
    queryFn: ({ signal }) => api.post<OrderInfo>('backend/upgrade/info', { id, ...request }, { signal }),
    // the previous page stays shown while the next loads, never another order's
    placeholderData: (previous) => (previous?.order.id === id ? previous : undefined),
    refetchInterval: (query) => (isLive(query.state.data?.order.status) ? ORDER_REFRESH_MS : false),
  })
}

export function isLive(status: OrderStatus | undefined): boolean {
  return status === 'scheduled' || status === 'running'
}

export function useCreateOrder(shownInPlace: readonly number[]) {
  return useMaintainMutation((request: CreateOrderRequest) =>
    api.post<{ id: number; order_no: string }>('backend/upgrade/create', request, { shownInPlace }),
  )
}

export function useRetryOrder() {
  return useMaintainMutation((request: { id: number; deviceIds?: number[] }) =>
    api.post<{ retried: number }>('backend/upgrade/retry', request),
  )
}

export function useCancelOrder() {
  return useMaintainMutation((id: number) => api.post<unknown>('backend/upgrade/cancel', { id }))
}

export function useDeleteOrders() {
  return useMaintainMutation((ids: number[]) => api.post<unknown>('backend/upgrade/delete', { ids }))
}

/** The firmware bits of the device list and detail: upgrade status and a newer version. */
export function useDeviceUpgradeStates(ids: readonly number[], enabled = true) {
  return useQuery({
    queryKey: maintainKeys.deviceStates(ids),
    enabled: enabled && ids.length > 0,
    queryFn: ({ signal }) =>
      api.post<{ list: DeviceUpgradeState[] }>('backend/upgrade/devices', { ids }, { signal, silent: true }),
    placeholderData: keepPreviousData,
    refetchInterval: ORDER_REFRESH_MS * 2,
  })
}

export function useOperationLog(request: PageRequest & LogFilters) {
  return useQuery({
    queryKey: maintainKeys.operationLog(request),
    queryFn: ({ signal }) =>
      api.post<Page<OperationLogEntry>>('backend/log/operation/list', request, { signal }),
    placeholderData: keepPreviousData,
  })
}

export function useUpgradeLog(request: PageRequest & LogFilters) {
  return useQuery({
    queryKey: maintainKeys.upgradeLog(request),
    queryFn: ({ signal }) => api.post<Page<UpgradeLogEntry>>('backend/log/upgrade/list', request, { signal }),
    placeholderData: keepPreviousData,
  })
}
