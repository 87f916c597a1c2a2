import type { Language } from '@canopy/shared/i18n/languages'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { ConfigProvider, theme } from 'antd'
import { type ReactNode, useEffect } from 'react'
import { I18nextProvider, useTranslation } from 'react-i18next'
import { i18n } from '../shared/i18n/i18n'
import { FeedbackProvider } from '../shared/ui/feedback'
import { useReducedMotion } from '../shared/ui/use-reduced-motion'
import { ANTD_LOCALES } from './antd-locale'
import { ACCESSIBLE_TOKENS } from './theme'

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The API client already reports failures; a silent retry would repeat its toast.
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  })
}

/** Shares the antd primary colour with plain CSS (the nprogress bar). */
function PrimaryColourVariable() {
  const { token } = theme.useToken()
  useEffect(() => {
    document.documentElement.style.setProperty('--canopy-primary', token.colorPrimary)
  }, [token.colorPrimary])
  return null
}

function LocalisedAntd({ children }: { children: ReactNode }) {
  const { i18n: active } = useTranslation()
  const language = (active.resolvedLanguage ?? 'en-us') as Language
  // antd's zooms and slides stop for users who asked their system for less motion.
  const motion = !useReducedMotion()
  return (
    <ConfigProvider
      locale={ANTD_LOCALES[language]}
      theme={{ token: { ...ACCESSIBLE_TOKENS, motion } }}
      // antd would write two-character Chinese buttons as "登 录"; the words are as we wrote them.
      button={{ autoInsertSpace: false }}
    >
      <FeedbackProvider>
        <PrimaryColourVariable />
        {children}
      </FeedbackProvider>
    </ConfigProvider>
  )
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LocalisedAntd>{children}</LocalisedAntd>
      </QueryClientProvider>
    </I18nextProvider>
  )
}
