import { ErrorCode } from '@canopy/shared/errors'
import type {
  MemberImportReport,
  MethodSaveRequest,
  PortalMember,
  PortalMethods,
} from '@canopy/shared/validation'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api'
import type { PageOf } from '../../shared/ui/PagedTable'
import { portalKeys } from './api'

export type {
  MemberImportReport,
  MethodSaveRequest,
  PortalMember,
  PortalMethods,
} from '@canopy/shared/validation'

export const methodKeys = {
  methods: () => [...portalKeys.all, 'methods'] as const,
  members: () => [...portalKeys.all, 'members'] as const,
  memberPage: (pageIndex: number, pageOffset: number, search: string) =>
    [...methodKeys.members(), 'page', pageIndex, pageOffset, search] as const,
}

export function useMethods() {
  return useQuery({
    queryKey: methodKeys.methods(),
    queryFn: ({ signal }) => api.get<PortalMethods>('backend/portal/method/info', undefined, { signal }),
  })
}

export function useSaveMethods() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: MethodSaveRequest) =>
      api.post<PortalMethods>('backend/portal/method/save', request),
    onSuccess: (saved) => queryClient.setQueryData(methodKeys.methods(), saved),
  })
}

export function useMembers(pageIndex: number, pageOffset: number, search: string) {
  return useQuery({
    queryKey: methodKeys.memberPage(pageIndex, pageOffset, search),
    queryFn: ({ signal }) =>
      api.post<PageOf<PortalMember>>(
        'backend/portal/member/list',
        { pageIndex, pageOffset, search },
        { signal },
      ),
    placeholderData: keepPreviousData,
  })
}

function useMemberMutation<TRequest, TResult>(call: (request: TRequest) => Promise<TResult>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: methodKeys.members() }),
  })
}

export interface MemberForm {
  account: string
  password: string
  info: string
  enabled: boolean
}

export function useAddMember() {
  return useMemberMutation((request: MemberForm) =>
    api.post<{ id: number }>('backend/portal/member/add', request),
  )
}

export function useSaveMember() {
  return useMemberMutation((request: MemberForm & { id: number }) =>
    api.post<PortalMember>('backend/portal/member/save', request),
  )
}

export function useDeleteMember() {
  return useMemberMutation((id: number) => api.post<null>('backend/portal/member/delete', { id }))
}

/** Imports an .xls; "file format error" and "too large" are shown beside the import, not as toasts. */
export function useImportMembers() {
  return useMemberMutation((file: File) => {
    const form = new FormData()
    form.append('file', file, file.name)
    return api.post<MemberImportReport>('backend/portal/member/import', form, {
      shownInPlace: [ErrorCode.FILE_FORMAT_XLS, ErrorCode.UPLOAD_FORMAT],
    })
  })
}

export const exportMembers = () => api.download('backend/portal/member/export')
