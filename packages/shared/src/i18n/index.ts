import { enUS } from './en-us'
import { es } from './es'
import { zhCN } from './zh-cn'

export type { Catalogue } from './en-us'
export * from './languages'

/**
 * Every language's core catalogue, for the server (mails) and the tests. The web console loads
 * only the language it shows, through the per-language entry points (`@canopy/shared/i18n/es`…).
 */
export const catalogues = { 'en-us': enUS, 'zh-cn': zhCN, es } as const
