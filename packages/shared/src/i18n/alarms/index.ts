import type { Language } from '../languages'
import { type AlarmsCatalogue, alarmsEnUS } from './en-us'
import { alarmsEs } from './es'
import { alarmsZhCN } from './zh-cn'

export type { AlarmsCatalogue } from './en-us'

/** Messages of the alarm list, the device's alarm tab and a project's alarm settings, by language. */
export const alarmsCatalogues: Readonly<Record<Language, AlarmsCatalogue>> = {
  'en-us': alarmsEnUS,
  'zh-cn': alarmsZhCN,
  es: alarmsEs,
}
