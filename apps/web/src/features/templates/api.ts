import type { TemplateMode, TemplateSettings } from '@canopy/shared/validation'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api'
import type { Page, PageRequest } from '../maintain/api'

/** A template as backend/device/tpl/list and /info return it (no password, only where one is kept). */
export interface Template {
  id: number
  name: string
  settings: TemplateSettings
  /** the WiFi entries (2g, 5g, vap1-3) whose password the template keeps */
  passwords: string[]
  version: number
  creator: string
  created_at: string
  updated_at: string
  devices: number
  projects: number
}

export type TemplateSync = 'pending' | 'applying' | 'in_sync' | 'failed' | 'changed' | 'outdated' | 'refused'

/** A device's template and config application state (backend/device/tpl/states). */
export interface DeviceTemplateState {
  id: number
  mode: TemplateMode | 'none'
  template_id: number | null
  template_name: string | null
  sync: TemplateSync | null
  refusal: number | null
  applied_at: string | null
}

export const templateKeys = {
  all: ['templates'] as const,
  list: (request: PageRequest & { keyword?: string }) => [...templateKeys.all, 'list', request] as const,
  states: (ids: readonly number[]) => [...templateKeys.all, 'states', ids] as const,
}

/** How often a device's template state is read again while something is on its way. */
const STATE_REFRESH_MS = 3_000

export function useTemplateList(request: PageRequest & { keyword?: string }, enabled = true) {
  return useQuery({
    queryKey: templateKeys.list(request),
    enabled,
    queryFn: ({ signal }) => api.post<Page<Template>>('backend/device/tpl/list', request, { signal }),
    placeholderData: keepPreviousData,
  })
}

/** The template states of devices the caller sees (none asked: nothing read). */
export function useTemplateStates(ids: readonly number[]) {
  return useQuery({
    queryKey: templateKeys.states(ids),
    enabled: ids.length > 0,
    queryFn: ({ signal }) =>
      api.post<DeviceTemplateState[]>('backend/device/tpl/states', { ids }, { signal }),
    refetchInterval: (query) =>
      query.state.data?.some(
        (state) => state.sync === 'pending' || state.sync === 'applying' || state.sync === 'outdated',
      )
        ? STATE_REFRESH_MS
        : false,
  })
}

function useTemplateMutation<TRequest, TResult>(call: (request: TRequest) => Promise<TResult>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  })
}

export const useCreateTemplate = () =>
  useTemplateMutation((request: { name: string; settings: TemplateSettings }) =>
    api.post<{ id: number }>('backend/device/tpl/add', request),
  )
export const useCreateFromDevice = () =>
  useTemplateMutation((request: { name: string; deviceId: number }) =>
    api.post<{ id: number }>('backend/device/tpl/add/device', request),
  )
export const useSaveTemplate = () =>
  useTemplateMutation((request: { id: number; name: string; settings: TemplateSettings }) =>
    api.post<unknown>('backend/device/tpl/save', request),
  )
export const useCopyTemplate = () =>
  useTemplateMutation((request: { id: number; name: string }) =>
    api.post<{ id: number }>('backend/device/tpl/copy', request),
  )
export const useDeleteTemplate = () =>
  useTemplateMutation((id: number) => api.post<unknown>('backend/device/tpl/delete', { id }))
/** §7 tpl/set: the template to devices now. */
export const useApplyToDevices = () =>
  useTemplateMutation((request: { tplId: number; ids: number[] }) =>
    api.post<{ operation_ids: number[] }>('backend/device/tpl/set', request),
  )
/** §7 child/tpl/set: a project's template, now (manual) or from now on (automatic); null stops it. */
export const useApplyToProject = () =>
  useTemplateMutation((request: { tplId: number | null; gid: number; mode: TemplateMode }) =>
    api.post<unknown>('backend/device/child/tpl/set', request),
  )
