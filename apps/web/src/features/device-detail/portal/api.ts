import type { DevicePortalInfo, PortalSetInput } from '@canopy/shared/validation'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../shared/api'
import { deviceKeys } from '../../devices/api'
import { SETTLING_POLL_MS } from '../sync/settings-state'

export const portalDetailKeys = {
  info: (id: number) => [...deviceKeys.all, 'portal', id] as const,
  roaming: (gid: number) => [...deviceKeys.all, 'roaming', gid] as const,
}

/** §7 auth/info: the device's SSIDs with their portals; followed while one is on its way. */
export function useDevicePortal(id: number) {
  return useQuery({
    queryKey: portalDetailKeys.info(id),
    queryFn: ({ signal }) => api.post<DevicePortalInfo>('backend/device/auth/info', { id }, { signal }),
    refetchInterval: (query) =>
      query.state.data?.settings.some((s) => s.sync === 'applying' || s.sync === 'pending')
        ? SETTLING_POLL_MS
        : false,
  })
}

export function useSetDevicePortal(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: Omit<PortalSetInput, 'id'>) =>
      api.post<{ operation_id: number }>('backend/device/auth/set', { ...request, id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: portalDetailKeys.info(id) }),
  })
}

/** §7 auth/roam/set for the device's project. */
export function useSetRoaming(deviceId: number, gid: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (enabled: boolean) =>
      api.post<{ enabled: boolean }>('backend/device/auth/roam/set', { gid, enabled }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: portalDetailKeys.info(deviceId) }),
  })
}
