import type { MessageKind, MessageView } from '@canopy/shared/validation'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { api } from '../../shared/api'
import { session } from '../../shared/storage/session'
import { connectNoticeSocket } from './notice-socket'

export interface MessageFilters {
  kind?: MessageKind
  start?: string
  end?: string
  days?: number
}

export const messageKeys = {
  all: ['messages'] as const,
  unread: () => [...messageKeys.all, 'unread'] as const,
  list: (page: number, filters: MessageFilters) => [...messageKeys.all, 'list', page, filters] as const,
}

export const MESSAGE_PAGE_SIZE = 10

/** The badge's count (§2 top bar): read once, then kept live by the notice socket. */
export function useUnreadCount() {
  return useQuery({
    queryKey: messageKeys.unread(),
    queryFn: ({ signal }) =>
      api.get<{ nums: number }>('backend/msg/unread', undefined, { signal, silent: true }),
    select: (data) => data.nums,
  })
}

export function useMessages(page: number, filters: MessageFilters) {
  return useQuery({
    queryKey: messageKeys.list(page, filters),
    queryFn: ({ signal }) =>
      api.post<{ total: number; list: MessageView[] }>(
        'backend/msg/list',
        { pageIndex: page, pageOffset: MESSAGE_PAGE_SIZE, ...filters },
        { signal },
      ),
    placeholderData: keepPreviousData,
  })
}

/** Mark read (ids), mark all read (no ids), delete: the list and the badge follow. */
export function useMessageActions() {
  const queryClient = useQueryClient()
  const settle = () => queryClient.invalidateQueries({ queryKey: messageKeys.all })
  return {
    markRead: useMutation({
      mutationFn: (ids: number[]) => api.post('backend/msg/read', { ids }),
      onSettled: settle,
    }),
    markAllRead: useMutation({ mutationFn: () => api.post('backend/msg/readall'), onSettled: settle }),
    remove: useMutation({
      mutationFn: (ids: number[]) => api.post('backend/msg/delete', { ids }),
      onSettled: settle,
    }),
  }
}

/** ws(s)://this host/notice/{uid} (§7). */
function noticeUrl(uid: number): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws'
  return `${scheme}://${window.location.host}/notice/${uid}`
}

/**
 * Keeps the signed-in account's notice socket open while the frame is shown: each count it sends
 * becomes the badge's, and the open message list is read again.
 */
export function useNoticeSocket(uid: number | undefined): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (uid === undefined) return
    const connection = connectNoticeSocket({
      url: noticeUrl(uid),
      token: async () => {
        // A call first: the API client refreshes an ageing token, and the badge gets its count.
        const { nums } = await api.get<{ nums: number }>('backend/msg/unread', undefined, { silent: true })
        queryClient.setQueryData(messageKeys.unread(), { nums })
        return session.readTokens()?.accessToken
      },
      onNums: (nums) => {
        const before = queryClient.getQueryData<{ nums: number }>(messageKeys.unread())
        queryClient.setQueryData(messageKeys.unread(), { nums })
        if (before?.nums !== nums)
          void queryClient.invalidateQueries({ queryKey: [...messageKeys.all, 'list'] })
      },
    })
    return () => connection.stop()
  }, [uid, queryClient])
}
