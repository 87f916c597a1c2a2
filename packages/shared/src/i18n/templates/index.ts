import type { Language } from '../languages'
import { type TemplatesCatalogue, templatesEnUS } from './en-us'
import { templatesEs } from './es'
import { templatesZhCN } from './zh-cn'

export type { TemplatesCatalogue } from './en-us'

/** Messages of template management and of a device's template state, by language. */
export const templatesCatalogues: Readonly<Record<Language, TemplatesCatalogue>> = {
  'en-us': templatesEnUS,
  'zh-cn': templatesZhCN,
  es: templatesEs,
}
