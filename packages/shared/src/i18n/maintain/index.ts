import type { Language } from '../languages'
import { type MaintainCatalogue, maintainEnUS } from './en-us'
import { maintainEs } from './es'
import { maintainZhCN } from './zh-cn'

export type { MaintainCatalogue } from './en-us'

/** Messages of the maintenance pages (upgrades, logs) and the device list's upgrade bits, by language. */
export const maintainCatalogues: Readonly<Record<Language, MaintainCatalogue>> = {
  'en-us': maintainEnUS,
  'zh-cn': maintainZhCN,
  es: maintainEs,
}
