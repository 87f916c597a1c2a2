import { LANGUAGES, type Language } from '@canopy/shared/i18n/languages'
import { Button, Flex } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../api/api-error'
import { chunkFailureKey } from '../chunk-timeout'
import { currentLanguage, switchLanguage, translateKey } from '../i18n/i18n'
import { toast } from './feedback'

/**
 * §1: switches without a reload and remembers the choice in the `lang` cookie (and, signed in,
 * with the account through `onSwitched`).
 * Three buttons, each language named in itself: one click, no popup, and nothing for the
 * login page's first paint that is not already there (a Select would add ~20 KB gzip).
 * A language not yet shown in this tab is downloaded first: its button spins meanwhile, and
 * the page stays whole in the current language until the new one is there.
 */
export function LanguageSwitcher({
  onSwitched,
}: {
  /** after a switch, e.g. keeping the choice with the signed-in account (its pushes' language) */
  onSwitched?: (language: Language) => Promise<unknown>
} = {}) {
  const { t } = useTranslation()
  const active = currentLanguage()
  const [pending, setPending] = useState<Language>()
  const names: Record<Language, string> = {
    'en-us': t('languages.en-us'),
    'zh-cn': t('languages.zh-cn'),
    es: t('languages.es'),
  }

  async function handleSwitch(language: Language) {
    setPending(language)
    try {
      await switchLanguage(language)
    } catch (error) {
      void toast.error(translateKey(chunkFailureKey(error)))
      return
    } finally {
      setPending(undefined)
    }
    // The page has switched; keeping the choice elsewhere failing is told, never undone.
    await onSwitched?.(language).catch((error: unknown) => {
      if (!isApiError(error) || !error.shown)
        void toast.error(translateKey(isApiError(error) ? error.messageKey : 'errors.network'))
    })
  }

  return (
    <Flex role="group" aria-label={t('common.language')} gap={2}>
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          size="small"
          type={language === active ? 'primary' : 'text'}
          aria-pressed={language === active}
          loading={pending === language}
          disabled={pending !== undefined && pending !== language}
          lang={language === 'zh-cn' ? 'zh-CN' : language === 'es' ? 'es' : 'en'}
          onClick={() => void handleSwitch(language)}
        >
          {names[language]}
        </Button>
      ))}
    </Flex>
  )
}
