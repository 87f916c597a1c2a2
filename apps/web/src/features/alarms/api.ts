import type { AlarmCategory, AlarmRules } from '@canopy/shared/validation'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api'
import type { PageOf } from '../../shared/ui/PagedTable'

/** A device (`id`) or a project (`gid`): what an alarm setting is about. */
export type AlarmTarget = { id: number } | { gid: number }

/** backend/device/alarm/configs (issue 15). */
export interface AlarmConfig {
  rules: AlarmRules
  rules_from: 'own' | 'project' | 'none'
  rules_gid: number | null
  email: boolean
  wechat: boolean
  uids: number[]
  notice_from: 'own' | 'project' | 'none'
  notice_gid: number | null
  muted_until: string | null
  accounts: Array<{ uid: number; username: string; nickname: string | null; primary: 0 | 1 }>
}

export interface Alarm {
  id: number
  category: AlarmCategory
  state: 'active' | 'recovered'
  device_id: number
  device_name: string | null
  mac: string | null
  value: number | null
  threshold: number | null
  detail: string | null
  pending_since: string
  fired_at: string | null
  recovered_at: string | null
  acknowledged_at: string | null
}

export interface AlarmListRequest {
  state: 'active' | 'history'
  category?: AlarmCategory
  deviceId?: number
  pageIndex: number
  pageOffset: number
}

export const alarmKeys = {
  all: ['alarms'] as const,
  config: (target: AlarmTarget) => ['alarms', 'config', target] as const,
  list: (request: AlarmListRequest) => ['alarms', 'list', request] as const,
}

export function useAlarmConfig(target: AlarmTarget) {
  return useQuery({
    queryKey: alarmKeys.config(target),
    queryFn: ({ signal }) => api.post<AlarmConfig>('backend/device/alarm/configs', target, { signal }),
  })
}

export function useAlarmList(request: AlarmListRequest) {
  return useQuery({
    queryKey: alarmKeys.list(request),
    queryFn: ({ signal }) => api.post<PageOf<Alarm>>('backend/alarm/list', request, { signal }),
    placeholderData: keepPreviousData,
    // Alarms fire and recover on their own: the list follows without a reload.
    refetchInterval: 10_000,
  })
}

/** A change to alarms: every alarm query is read again afterwards (settings inherit). */
function useAlarmMutation<I>(call: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: alarmKeys.all }),
  })
}

export const useSetAlarmRules = (target: AlarmTarget) =>
  useAlarmMutation((input: { rules: AlarmRules } | { inherit: true }) =>
    api.post('backend/device/alarm/set', { ...target, ...input }),
  )

export const useSetAlarmNotice = (target: AlarmTarget) =>
  useAlarmMutation((input: { email: boolean; wechat: boolean; uids: number[] } | { inherit: true }) =>
    api.post('backend/device/alarm/notice/set', {
      ...target,
      ...('inherit' in input ? { email: false, wechat: false, uids: [] } : {}),
      ...input,
    }),
  )

export const useMuteAlarms = (target: AlarmTarget) =>
  useAlarmMutation((minutes: number) =>
    api.post<{ muted_until: string | null }>('backend/device/alarm/mute', { ...target, minutes }),
  )

export const useAcknowledgeAlarms = () =>
  useAlarmMutation((ids: number[]) => api.post('backend/alarm/ack', { ids }))
