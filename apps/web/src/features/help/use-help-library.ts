import type { Language } from '@canopy/shared/i18n/languages'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { loadHelpLibrary } from './articles/load-articles'

/** The current language's articles; a language switch loads (once) and shows the new language's. */
export function useHelpLibrary() {
  const { i18n } = useTranslation()
  const language = (i18n.resolvedLanguage ?? 'en-us') as Language
  return useQuery({
    queryKey: ['help-library', language],
    queryFn: () => loadHelpLibrary(language),
    // The articles are part of the build: they never change while the console is open.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  })
}
