/**
 * The console's languages and how one is chosen, without any catalogue: the web console imports
 * this (and one catalogue, by its own entry point), so its first paint carries one language.
 */

export const LANGUAGES = ['en-us', 'zh-cn', 'es'] as const
export type Language = (typeof LANGUAGES)[number]
export const FALLBACK_LANGUAGE: Language = 'en-us'
/** The cookie the console keeps the chosen language in (§1). */
export const LANGUAGE_COOKIE = 'lang'

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/**
 * The best supported language for a list of preferences (cookie value, browser or
 * Accept-Language tags, most preferred first): 'zh', 'zh-CN', 'zh-Hans' → zh-cn; 'es-*' → es;
 * 'en-*' → en-us.
 */
export function matchLanguage(preferences: readonly (string | undefined)[]): Language | undefined {
  for (const preference of preferences) {
    const tag = preference?.trim().toLowerCase()
    if (!tag) continue
    if (isLanguage(tag)) return tag
    const primary = tag.split(/[-_]/)[0]
    if (primary === 'zh') return 'zh-cn'
    if (primary === 'es') return 'es'
    if (primary === 'en') return 'en-us'
  }
  return undefined
}
