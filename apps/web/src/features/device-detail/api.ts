import { ErrorCode } from '@canopy/shared/errors'
import type { WifiOptions } from '@canopy/shared/protocol'
import type {
  NetworkSettings,
  RepeaterSettings,
  SettingsSection,
  SystemSettings,
  WifiSettings,
} from '@canopy/shared/validation'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api'
import { deviceKeys } from '../devices/api'
import { type DeviceSettingsState, isSettling, SETTLING_POLL_MS } from './sync/settings-state'

export type TimedReboot = NonNullable<SystemSettings['timedReboot']>
export type DeviceMode = NonNullable<SystemSettings['mode']>

/** One sample of a device's history (§7 reports). */
export interface UsagePoint {
  at: string
  cpu: number | null
  mem: number | null
  clients: number | null
}

/** A client connected to the device now (§7 wifi/users), as the device describes it. */
export interface WifiClient {
  mac: string
  ip?: string
  hostname?: string
  ssid?: string
  band?: '2g' | '5g'
  /** dBm */
  signal?: number
  rxBytes?: number
  txBytes?: number
  onlineSeconds?: number
}

/** Refusals the device tabs show in place, beside what they concern, rather than as toasts. */
const IN_PLACE = [ErrorCode.DEVICE_OFFLINE, ErrorCode.UNSUPPORTED_FEATURE]

export const detailKeys = {
  settings: (id: number) => [...deviceKeys.all, 'settings', id] as const,
  reports: (id: number, hours: number) => [...deviceKeys.all, 'reports', id, hours] as const,
  wifiOptions: (id: number) => [...deviceKeys.all, 'wifiOptions', id] as const,
  clients: (id: number) => [...deviceKeys.all, 'clients', id] as const,
}

export function useDeviceSettings(id: number) {
  return useQuery({
    queryKey: detailKeys.settings(id),
    queryFn: ({ signal }) => api.post<DeviceSettingsState>('backend/device/settings', { id }, { signal }),
    // Follows a change until the device has applied or refused it; quiet otherwise.
    refetchInterval: (query) => (isSettling(query.state.data) ? SETTLING_POLL_MS : false),
  })
}

export function useDeviceReports(id: number, hours: number) {
  return useQuery({
    queryKey: detailKeys.reports(id, hours),
    queryFn: ({ signal }) =>
      api.post<{ points: UsagePoint[] }>('backend/device/reports', { id, hours }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  })
}

export function useWifiOptions(id: number) {
  return useQuery({
    queryKey: detailKeys.wifiOptions(id),
    queryFn: ({ signal }) => api.post<WifiOptions>('backend/device/getwifioptions', { id }, { signal }),
    // A model's options change with an operator's import, not while the page is open.
    staleTime: 5 * 60_000,
  })
}

/** Clients come and go: the list asks the device again every 15 s while it is shown. */
export function useWifiClients(id: number, enabled: boolean) {
  return useQuery({
    queryKey: detailKeys.clients(id),
    enabled,
    queryFn: ({ signal }) =>
      api.post<{ clients: WifiClient[] }>(
        'backend/device/wifi/users',
        { id },
        { signal, shownInPlace: IN_PLACE },
      ),
    refetchInterval: 15_000,
    retry: false,
  })
}

/** The device's log, read on demand (an RPC to the device). */
export function useReadLog(id: number) {
  return useMutation({
    mutationFn: () => api.post<{ lines: string[] }>('backend/device/log', { id }, { shownInPlace: IN_PLACE }),
  })
}

/** A settings call: afterwards the page follows the section (and the device's name) again. */
function useSettingsMutation<TRequest>(id: number, path: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: TRequest) => api.post<{ operation_id: number } | null>(path, request),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: detailKeys.settings(id) }),
        queryClient.invalidateQueries({ queryKey: deviceKeys.info(id) }),
      ]),
  })
}

export interface SetSystemRequest {
  id: number
  name?: string
  remark?: string
  settings?: SystemSettings
}

export const useSetSystem = (id: number) =>
  useSettingsMutation<SetSystemRequest>(id, 'backend/device/setsystem')
export const useSetNetwork = (id: number) =>
  useSettingsMutation<{ id: number; settings: NetworkSettings }>(id, 'backend/device/setnetwork')
export const useSetWifi = (id: number) =>
  useSettingsMutation<{ id: number; settings: WifiSettings }>(id, 'backend/device/setwifi')
export const useSetRepeater = (id: number) =>
  useSettingsMutation<{ id: number; settings: RepeaterSettings }>(id, 'backend/device/setrepeater')
export const useTimedRestart = (id: number) =>
  useSettingsMutation<{ ids: number[]; timedReboot: TimedReboot }>(id, 'backend/device/timerestart')
export const useSetLed = (id: number) =>
  useSettingsMutation<{ ids: number[]; led: boolean }>(id, 'backend/device/setleds')
export const useRetrySection = (id: number) =>
  useSettingsMutation<{ id: number; section: SettingsSection }>(id, 'backend/device/settings/retry')
export const useRevertSection = (id: number) =>
  useSettingsMutation<{ id: number; section: SettingsSection }>(id, 'backend/device/settings/revert')

/** Reboot now and LED blink: commands the device carries out at once (§7 restart, blink). */
export function useRestart(id: number) {
  return useMutation({
    mutationFn: () => api.post<{ operation_id: number }>('backend/device/restart', { id }),
  })
}

export function useBlink(id: number) {
  return useMutation({ mutationFn: () => api.post<unknown>('backend/device/blink', { id }) })
}
