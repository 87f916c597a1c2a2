import type { AlarmsCatalogue } from '@canopy/shared/i18n/alarms'
import type { BackupsCatalogue } from '@canopy/shared/i18n/backups'
import type { DeviceOperationsCatalogue } from '@canopy/shared/i18n/device-operations'
import type { DevicePortalCatalogue } from '@canopy/shared/i18n/device-portal'
import type { DeviceSettingsCatalogue } from '@canopy/shared/i18n/device-settings'
import type { DevicesCatalogue } from '@canopy/shared/i18n/devices'
import type { Catalogue } from '@canopy/shared/i18n/en-us'
import type { HelpCenterCatalogue } from '@canopy/shared/i18n/help'
import { LANGUAGE_COOKIE, LANGUAGES, type Language } from '@canopy/shared/i18n/languages'
import type { MaintainCatalogue } from '@canopy/shared/i18n/maintain'
import type { MessagesCatalogue } from '@canopy/shared/i18n/messages'
import type { OrganisationCatalogue } from '@canopy/shared/i18n/organisation'
import type { PortalCatalogue } from '@canopy/shared/i18n/portal'
import type { TemplatesCatalogue } from '@canopy/shared/i18n/templates'
import type { TrafficCatalogue } from '@canopy/shared/i18n/traffic'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { afterFirstPage } from '../after-first-page'
import { withTimeout } from '../chunk-timeout'
import { canopyConfig } from '../config'
import { CORE_CATALOGUES } from './core-catalogues'
import { htmlLangOf, readCookie, resolveLanguage, writeLanguageCookie } from './language'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    // The core catalogue of the current language is loaded before the first render; page areas
    // add theirs with their pages (page-messages.ts).
    resources: {
      translation: Catalogue &
        AlarmsCatalogue &
        BackupsCatalogue &
        OrganisationCatalogue &
        DevicesCatalogue &
        DeviceOperationsCatalogue &
        DeviceSettingsCatalogue &
        TrafficCatalogue &
        HelpCenterCatalogue &
        MessagesCatalogue &
        MaintainCatalogue &
        PortalCatalogue &
        DevicePortalCatalogue &
        TemplatesCatalogue
    }
  }
}

export const i18n = i18next.createInstance()

/** Languages whose core catalogue has arrived (an area's messages alone do not count). */
const loaded = new Map<Language, Promise<Catalogue>>()

/** Fetches a language's core catalogue once (within the §9 chunk time-out). */
function loadCore(language: Language): Promise<Catalogue> {
  let pending = loaded.get(language)
  if (!pending) {
    pending = withTimeout(CORE_CATALOGUES[language]())
    // A failed download may be tried again later.
    pending.catch(() => loaded.delete(language))
    loaded.set(language, pending)
  }
  return pending
}

function applyLanguage(language: Language): void {
  document.documentElement.lang = htmlLangOf(language)
  // Only signed-in pages show dates: dayjs loads after the first paint, not in it.
  afterFirstPage(() => void import('./dayjs-locale').then((m) => m.setDayjsLanguage(language)))
}

export function initialLanguage(): Language {
  return resolveLanguage({
    cookie: readCookie(document.cookie, LANGUAGE_COOKIE),
    configured: canopyConfig().defaultLanguage,
    browser: navigator.languages,
  })
}

/**
 * Loads the language's core catalogue, then starts i18next in it. Awaited before the first
 * render, so the first paint is already translated; the other languages are not downloaded.
 */
export async function initI18n(language: Language = initialLanguage()): Promise<typeof i18n> {
  const catalogue = await loadCore(language)
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources: { [language]: { translation: catalogue } },
      lng: language,
      // Only the current language is at hand; every catalogue has every key (catalogue tests).
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      // our codes are lower case ('zh-cn'); i18next would otherwise rewrite them to 'zh-CN'
      lowerCaseLng: true,
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    })
  } else {
    await showLanguage(language, catalogue)
  }
  applyLanguage(language)
  return i18n
}

async function showLanguage(language: Language, catalogue: Catalogue): Promise<void> {
  // Deep, overwriting: merges beside the page areas' messages already added for this language.
  i18n.addResourceBundle(language, 'translation', catalogue, true, true)
  await i18n.changeLanguage(language)
}

/**
 * The language switcher's action: the page stays in the current language until the new one's
 * catalogue has arrived, then switches at once, without a reload, and remembers the choice.
 * Rejects (and changes nothing) when the catalogue cannot be loaded.
 */
export async function switchLanguage(language: Language): Promise<void> {
  const catalogue = await loadCore(language)
  writeLanguageCookie(language)
  applyLanguage(language)
  await showLanguage(language, catalogue)
}

export function currentLanguage(): Language {
  return (i18n.resolvedLanguage ?? i18n.language ?? 'en-us') as Language
}

/**
 * Translates a key that arrives as data (an error code's key from the §8 catalogue, a §5 rule's
 * message key). Component text uses `t('literal.key')`, which the compiler checks.
 */
export function translateKey(key: string, options?: Record<string, unknown>): string {
  // The typed `t` accepts only literal keys; a key that is data is checked by the catalogue test.
  const untypedT = i18n.t as unknown as (key: string, options?: Record<string, unknown>) => string
  return untypedT(key, options)
}
