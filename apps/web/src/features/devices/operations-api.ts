import { ErrorCode } from '@canopy/shared/errors'
import type { JsonObject, WifiOptions } from '@canopy/shared/protocol'
import type { OperationProgressQuery, SystemSettings, WifiSettings } from '@canopy/shared/validation'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api'
import { deviceKeys } from './api'
import { isSettled, type OperationProgress } from './progress'

/** What an accepted operation answers: its record in the operations log, to follow. */
export interface OperationStarted {
  operation_id: number
}

/** POST backend/device/remote: a signed ten-minute link to /manager1 (web) or /manager2 (diag). */
export interface RemoteLink {
  url: string
  token: string
  expires_in: number
}

/** The WiFi template of a batch: the first device's model options and what it reports. */
export interface WifiTemplate {
  options: WifiOptions
  reported: JsonObject
}

export type TimedReboot = NonNullable<SystemSettings['timedReboot']>

/** The progress view asks again every second until every device has settled. */
export const PROGRESS_POLL_MS = 1000

/** Which of an operation's devices to show: a page, optionally of one status (the route's query). */
export type ProgressView = Required<Pick<OperationProgressQuery, 'pageIndex' | 'pageOffset'>> &
  Pick<OperationProgressQuery, 'status'>

export const operationKeys = {
  progress: (id: number, view: ProgressView) => [...deviceKeys.all, 'operation', id, view] as const,
  wifiTemplate: (id: number) => [...deviceKeys.all, 'wifiTemplate', id] as const,
}

/** Operations change what the list shows (status after a reboot, settings state): refresh it. */
function useOperation<TRequest>(call: (request: TRequest) => Promise<OperationStarted>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.lists() }),
  })
}

export function useRebootDevices() {
  return useOperation((ids: number[]) => api.post<OperationStarted>('backend/device/restarts', { ids }))
}

/**
 * setwifis: "not one model" comes back as an invalid parameter naming the rule; the dialog says
 * that rule (or puts the field's rule on the field) instead of the client's bare toast.
 */
export function useSetWifis() {
  return useOperation((request: { ids: number[]; settings: WifiSettings }) =>
    api.post<OperationStarted>('backend/device/setwifis', request, {
      shownInPlace: [ErrorCode.INVALID_PARAMETER],
    }),
  )
}

export function useSetTimedReboot() {
  return useOperation((request: { ids: number[]; timedReboot: TimedReboot }) =>
    api.post<OperationStarted>('backend/device/timerestart', request),
  )
}

export function useSetLeds() {
  return useOperation((request: { ids: number[]; led: boolean }) =>
    api.post<OperationStarted>('backend/device/setleds', request),
  )
}

/**
 * GET backend/device/operation: how many devices stand where, and a page of them, polled until
 * all have settled. A page, not every device: an operation may hold 10,000.
 */
export function useOperationProgress(id: number, view: ProgressView) {
  return useQuery({
    queryKey: operationKeys.progress(id, view),
    queryFn: ({ signal }) =>
      api.get<OperationProgress>('backend/device/operation', { id, ...view }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data && isSettled(query.state.data) ? false : PROGRESS_POLL_MS),
  })
}

export function useWifiTemplate(id: number) {
  return useQuery({
    queryKey: operationKeys.wifiTemplate(id),
    queryFn: async ({ signal }): Promise<WifiTemplate> => {
      const [options, state] = await Promise.all([
        api.post<WifiOptions>('backend/device/getwifioptions', { id }, { signal }),
        api.post<{ reported: JsonObject }>('backend/device/settings', { id }, { signal }),
      ])
      return { options, reported: state.reported }
    },
    // What the device reported when the dialog opened is the template: no refetch under the form.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  })
}

export function useRemoteLink() {
  return useMutation({
    mutationFn: (request: { id: number; service: 'web' | 'diag' }) =>
      api.post<RemoteLink>('backend/device/remote', request),
  })
}
