import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useMatches, useRouteLoaderData } from 'react-router'
import { translateKey } from '../shared/i18n/i18n'
import type { GuardOutcome } from './guard-loader'

/** What a route says about itself (its `handle`). */
export interface RouteHandle {
  /** i18n key of the page title */
  readonly titleKey: string
}

function titleKeyOf(handle: unknown): string | undefined {
  const key = (handle as Partial<RouteHandle> | undefined)?.titleKey
  return typeof key === 'string' ? key : undefined
}

/** document.title = "<page title> - <app name>", in the current language. */
export function useDocumentTitle(): void {
  const { t, i18n } = useTranslation()
  const matches = useMatches()
  // A forbidden page shows the 403 view (FrameLayout), and its title says so.
  const forbidden = useRouteLoaderData<GuardOutcome>('root')?.forbidden === true
  const key = forbidden
    ? 'forbidden.title'
    : matches.map((match) => titleKeyOf(match.handle)).findLast((k) => k !== undefined)
  const appName = t('common.appName')
  const language = i18n.resolvedLanguage
  // biome-ignore lint/correctness/useExhaustiveDependencies: translateKey reads the language, so a switch must re-run this
  useEffect(() => {
    document.title = key ? `${translateKey(key)} - ${appName}` : appName
  }, [key, appName, language])
}
