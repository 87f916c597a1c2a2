import { ErrorCode } from '@canopy/shared/errors'
import type { PortalPage, PortalPageForm, PortalStrategy, StrategyForm } from '@canopy/shared/validation'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
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

export type { PortalPage, PortalPageForm } from '@canopy/shared/validation'

export const pageKeys = {
  all: [...portalKeys.all, 'pages'] as const,
  page: (pageIndex: number, pageOffset: number) => [...pageKeys.all, 'page', pageIndex, pageOffset] as const,
  picture: (id: number) => [...portalKeys.all, 'picture', id] as const,
}

export function usePortalPages(pageIndex: number, pageOffset: number) {
  return useQuery({
    queryKey: pageKeys.page(pageIndex, pageOffset),
    queryFn: ({ signal }) =>
      api.post<PageOf<PortalPage>>('backend/portal/page/list', { pageIndex, pageOffset }, { signal }),
    placeholderData: keepPreviousData,
  })
}

function usePageMutation<TRequest, TResult>(call: (request: TRequest) => Promise<TResult>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pageKeys.all }),
  })
}

export function useAddPortalPage() {
  return usePageMutation((request: PortalPageForm) =>
    api.post<{ id: number }>('backend/portal/page/add', request),
  )
}

export function useSavePortalPage() {
  return usePageMutation((request: PortalPageForm & { id: number }) =>
    api.post<PortalPage>('backend/portal/page/save', request),
  )
}

export function useDeletePortalPage() {
  return usePageMutation((id: number) => api.post<null>('backend/portal/page/delete', { id }))
}

/** Uploads a picture; the server answers with the id of its re-encoded copy. */
export function useUploadPicture() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData()
      form.append('file', file, file.name)
      return api.post<{ id: number; width: number; height: number }>('backend/portal/picture/upload', form, {
        shownInPlace: [ErrorCode.UPLOAD_FORMAT],
      })
    },
  })
}

/** A stored picture as an object URL for an <img> (the call needs the bearer token, an <img> cannot send it). */
export function usePictureUrl(id: number | null) {
  const query = useQuery({
    queryKey: pageKeys.picture(id ?? 0),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) => (await api.download('backend/portal/picture', { id }, { signal })).blob,
  })
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    if (!query.data || id === null) return setUrl(undefined)
    const objectUrl = URL.createObjectURL(query.data)
    setUrl(objectUrl)
    return () => URL.revokeObjectURL(objectUrl)
  }, [query.data, id])
  return url
}
