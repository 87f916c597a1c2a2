import {
  FALLBACK_LANGUAGE,
  LANGUAGE_COOKIE,
  type Language,
  matchLanguage,
} from '@canopy/shared/i18n/languages'

export interface LanguageSources {
  /** value of the `lang` cookie, if any */
  readonly cookie?: string | undefined
  /** `window.__CANOPY__.defaultLanguage` */
  readonly configured?: string | undefined
  /** `navigator.languages`, most preferred first */
  readonly browser?: readonly string[] | undefined
}

/** §1: the cookie, else the configured default, else the browser's languages, else English. */
export function resolveLanguage(sources: LanguageSources): Language {
  return (
    matchLanguage([sources.cookie]) ??
    matchLanguage([sources.configured]) ??
    matchLanguage(sources.browser ?? []) ??
    FALLBACK_LANGUAGE
  )
}

export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return decodeURIComponent(rest.join('='))
  }
  return undefined
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

export function writeLanguageCookie(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: §1 keeps the choice in a cookie, which the server can read as well
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`
}

/** The BCP 47 tag for `<html lang>` and Intl. */
export function htmlLangOf(language: Language): string {
  switch (language) {
    case 'zh-cn':
      return 'zh-CN'
    case 'es':
      return 'es'
    default:
      return 'en-US'
  }
}
