import type { Language } from '@canopy/shared/i18n/languages'
import type { AnnouncementView } from '@canopy/shared/validation'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '../../shared/api'

export const ANNOUNCEMENT_PAGE_SIZE = 10

export const announcementKeys = {
  all: ['announcements'] as const,
  list: (page: number) => [...announcementKeys.all, 'list', page] as const,
  info: (id: number) => [...announcementKeys.all, 'info', id] as const,
}

/** Public (§2): no token is sent, whoever is signed in. */
export function useAnnouncements(page: number) {
  return useQuery({
    queryKey: announcementKeys.list(page),
    queryFn: ({ signal }) =>
      api.post<{ total: number; list: AnnouncementView[] }>(
        'backend/announcement/list',
        { pageIndex: page, pageOffset: ANNOUNCEMENT_PAGE_SIZE },
        { signal, anonymous: true },
      ),
    placeholderData: keepPreviousData,
  })
}

export function useAnnouncement(id: number | undefined) {
  return useQuery({
    queryKey: announcementKeys.info(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<AnnouncementView>(
        'backend/announcement/info',
        { id },
        { signal, anonymous: true, silent: true },
      ),
    enabled: id !== undefined,
    retry: false,
  })
}

/** The text in the page's language (each announcement has all three). */
export function inLanguage(texts: Record<Language, string> | undefined, language: Language): string {
  return texts?.[language] ?? texts?.['en-us'] ?? ''
}
