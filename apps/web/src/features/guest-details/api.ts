import type { GuestDetail, GuestMethod, GuestStatus } from '@canopy/shared/validation'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api'
import type { PageOf } from '../../shared/ui/PagedTable'

export type { GuestDetail } from '@canopy/shared/validation'

export interface GuestDetailFilters {
  mac?: string | undefined
  method?: GuestMethod | undefined
  status?: GuestStatus | undefined
}

const keys = {
  all: ['guest-details'] as const,
  page: (pageIndex: number, pageOffset: number, filters: GuestDetailFilters) =>
    [...keys.all, pageIndex, pageOffset, filters] as const,
}

/** Only the filters that are set (the server refuses an empty MAC search as nothing). */
export function filterParams(filters: GuestDetailFilters): GuestDetailFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''),
  )
}

export function useGuestDetails(pageIndex: number, pageOffset: number, filters: GuestDetailFilters) {
  return useQuery({
    queryKey: keys.page(pageIndex, pageOffset, filters),
    queryFn: ({ signal }) =>
      api.post<PageOf<GuestDetail>>(
        'backend/portal/detail/list',
        { pageIndex, pageOffset, ...filterParams(filters) },
        { signal },
      ),
    placeholderData: keepPreviousData,
  })
}

export function useKickGuest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.post<null>('backend/portal/detail/kick', { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  })
}

export const exportGuestDetails = (filters: GuestDetailFilters) =>
  api.download('backend/portal/detail/export', { ...filterParams(filters) })
