import type { Language } from '@canopy/shared/i18n/languages'
import { withTimeout } from '../../../shared/chunk-timeout'
import type { HelpLibrary } from './types'

/**
 * Each language's articles are their own chunk, fetched when the help center opens in that
 * language (and again on a switch): neither the first paint nor the help page's own chunk carries
 * them. The map is static so the bundler sees every import.
 */
export const HELP_LIBRARIES: Readonly<Record<Language, () => Promise<HelpLibrary>>> = {
  'en-us': () => import('./en-us').then((m) => m.helpEnUS),
  'zh-cn': () => import('./zh-cn').then((m) => m.helpZhCN),
  es: () => import('./es').then((m) => m.helpEs),
}

export function loadHelpLibrary(language: Language): Promise<HelpLibrary> {
  return withTimeout(HELP_LIBRARIES[language]())
}
