import type { Catalogue } from '@canopy/shared/i18n/en-us'
import type { Language } from '@canopy/shared/i18n/languages'

/**
 * Each language's core catalogue is its own chunk: the first paint carries the language it
 * shows, and the others arrive when the user switches. The map is static, so the bundler sees
 * every import (a path built at run time would not be split).
 */
export const CORE_CATALOGUES: Readonly<Record<Language, () => Promise<Catalogue>>> = {
  'en-us': () => import('@canopy/shared/i18n/en-us').then((m) => m.enUS),
  'zh-cn': () => import('@canopy/shared/i18n/zh-cn').then((m) => m.zhCN),
  es: () => import('@canopy/shared/i18n/es').then((m) => m.es),
}
