import { catalogues, FALLBACK_LANGUAGE, type Language } from '@canopy/shared/i18n'
import i18next, { type TFunction } from 'i18next'

const instance = i18next.createInstance()
await instance.init({
  resources: Object.fromEntries(
    Object.entries(catalogues).map(([language, catalogue]) => [language, { translation: catalogue }]),
  ),
  fallbackLng: FALLBACK_LANGUAGE,
  // Our codes are lower case (en-us, zh-cn); i18next would otherwise look for en-US.
  lowerCaseLng: true,
  interpolation: { escapeValue: false },
  initAsync: false,
})

/** Server-side wording (mails) from the same catalogues as the console. */
export function translatorFor(language: Language): TFunction {
  return instance.getFixedT(language)
}
