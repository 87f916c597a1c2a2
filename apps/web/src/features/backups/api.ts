import type { BackupFrequency } from '@canopy/shared/validation'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api'
import { deviceKeys, LIVE_REFRESH_MS } from '../devices/api'

/** One version of backend/backup/list. */
export interface BackupVersion {
  id: number
  version: number
  created_at: string
  size: number
  sha256: string
  firmware: string | null
  model: string
  source: 'manual' | 'schedule'
  /** the account that took it; null when the schedule did */
  taken_by: string | null
  note: string | null
}

export interface BackupList {
  keep: number
  list: BackupVersion[]
}

/** A path that differs between two configurations; a secret is only said to have changed. */
export interface ConfigChange {
  path: string
  kind: 'added' | 'removed' | 'changed'
  secret: boolean
}

export interface ConfigDiff {
  from: { id: number; version: number; created_at: string; config: Record<string, unknown> }
  to: { id?: number; version?: number; desired?: true; config: Record<string, unknown> }
  changes: ConfigChange[]
}

export interface DriftState {
  drifted: boolean
  expected: Record<string, unknown>
  running: Record<string, unknown>
  sections: string[]
  secrets_changed?: boolean
}

export interface BackupSchedule {
  gid: number
  frequency: BackupFrequency
  weekday: number | null
  time: string
  next_run: string | null
}

/** A backup or restore started: its operation (progress) and job. */
export interface JobStarted {
  job_id: string
  operation_id: number
}

export const backupKeys = {
  all: [...deviceKeys.all, 'backups'] as const,
  list: (deviceId: number) => [...backupKeys.all, 'list', deviceId] as const,
  drift: (deviceId: number) => [...backupKeys.all, 'drift', deviceId] as const,
  driftOf: (ids: number[]) => [...backupKeys.all, 'driftOf', ids] as const,
  schedule: (gid: number) => [...backupKeys.all, 'schedule', gid] as const,
}

/** `live`: a backup or restore of the device is under way: ask every 2 s until it settles. */
export function useBackups(deviceId: number, live = false) {
  return useQuery({
    queryKey: backupKeys.list(deviceId),
    queryFn: ({ signal }) => api.post<BackupList>('backend/backup/list', { id: deviceId }, { signal }),
    refetchInterval: live ? 2000 : false,
  })
}

export function useDrift(deviceId: number) {
  return useQuery({
    queryKey: backupKeys.drift(deviceId),
    queryFn: ({ signal }) => api.post<DriftState>('backend/backup/drift/info', { id: deviceId }, { signal }),
    // A change on the device shows without a reload (the device list's own refresh is similar).
    refetchInterval: 10_000,
  })
}

/** Which of these devices (a page of the device list) drifted; refreshed with the list. */
export function useDriftOf(ids: number[]) {
  return useQuery({
    queryKey: backupKeys.driftOf(ids),
    enabled: ids.length > 0,
    queryFn: async ({ signal }) => {
      const answer = await api.post<{ list: Array<{ id: number; drifted: boolean }> }>(
        'backend/backup/drift/devices',
        { ids },
        { signal },
      )
      return new Set(answer.list.filter((device) => device.drifted).map((device) => device.id))
    },
    refetchInterval: LIVE_REFRESH_MS,
  })
}

export function useBackupSchedule(gid: number | undefined) {
  return useQuery({
    queryKey: backupKeys.schedule(gid ?? 0),
    queryFn: ({ signal }) => api.post<BackupSchedule>('backend/backup/schedule/info', { gid }, { signal }),
    enabled: gid !== undefined,
  })
}

/** Every backup call changes the versions, the drift or the device list: refresh what shows them. */
function useBackupMutation<TRequest, TAnswer>(call: (request: TRequest) => Promise<TAnswer>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  })
}

export const useCreateBackup = () =>
  useBackupMutation((request: { ids?: number[]; gid?: number; note?: string }) =>
    api.post<JobStarted>('backend/backup/create', request),
  )
export const useRestoreBackup = () =>
  useBackupMutation((request: { backupId: number; ids: number[] }) =>
    api.post<JobStarted>('backend/backup/restore', request),
  )
export const useSetBackupNote = () =>
  useBackupMutation((request: { id: number; note: string }) =>
    api.post<unknown>('backend/backup/note', request),
  )
export const useDeleteBackup = () =>
  useBackupMutation((id: number) => api.post<unknown>('backend/backup/delete', { id }))
export const useSetBackupKeep = () =>
  useBackupMutation((request: { id: number; keep: number }) =>
    api.post<unknown>('backend/backup/keep', request),
  )
export const useAcceptDrift = () =>
  useBackupMutation((id: number) => api.post<unknown>('backend/backup/drift/accept', { id }))
export const usePutBackDrift = () =>
  useBackupMutation((id: number) =>
    api.post<{ operation_ids: number[] }>('backend/backup/drift/putback', { id }),
  )
export const useSaveBackupSchedule = () =>
  useBackupMutation((request: { gid: number; frequency: BackupFrequency; weekday?: number; time: string }) =>
    api.post<BackupSchedule>('backend/backup/schedule/save', request),
  )
export const useConfigDiff = () =>
  useMutation({
    mutationFn: (request: { from: number; to?: number }) =>
      api.post<ConfigDiff>('backend/backup/diff', request),
  })

export const downloadBackup = (id: number) => api.download('backend/backup/download', { id })
