import type { Language } from '../languages'
import { type HelpCenterCatalogue, helpCenterEnUS } from './en-us'
import { helpCenterEs } from './es'
import { helpCenterZhCN } from './zh-cn'

export type { HelpCenterCatalogue } from './en-us'

/** Messages of the help center's controls and the top bar's help button, by language. */
export const helpCenterCatalogues: Readonly<Record<Language, HelpCenterCatalogue>> = {
  'en-us': helpCenterEnUS,
  'zh-cn': helpCenterZhCN,
  es: helpCenterEs,
}
