import type { PortalStrategy, StrategyForm } from '@canopy/shared/validation'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api'
import type { PageOf } from '../../shared/ui/PagedTable'

export type { PortalStrategy, StrategyForm } from '@canopy/shared/validation'

export const portalKeys = {
  all: ['portal'] as const,
  strategies: () => [...portalKeys.all, 'strategies'] as const,
  strategyPage: (pageIndex: number, pageOffset: number) =>
    [...portalKeys.strategies(), 'page', pageIndex, pageOffset] as const,
}

export function useStrategies(pageIndex: number, pageOffset: number) {
  return useQuery({
    queryKey: portalKeys.strategyPage(pageIndex, pageOffset),
    queryFn: ({ signal }) =>
      api.post<PageOf<PortalStrategy>>('backend/portal/strategy/list', { pageIndex, pageOffset }, { signal }),
    placeholderData: keepPreviousData,
  })
}

function useStrategyMutation<TRequest, TResult>(call: (request: TRequest) => Promise<TResult>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: portalKeys.strategies() }),
  })
}

export function useAddStrategy() {
  return useStrategyMutation((request: StrategyForm) =>
    api.post<{ id: number }>('backend/portal/strategy/add', request),
  )
}

export function useSaveStrategy() {
  return useStrategyMutation((request: StrategyForm & { id: number }) =>
    api.post<PortalStrategy>('backend/portal/strategy/save', request),
  )
}

export function useDeleteStrategy() {
  return useStrategyMutation((id: number) => api.post<null>('backend/portal/strategy/delete', { id }))
}
