import type { Language } from '../languages'
import { type DevicesCatalogue, devicesEnUS } from './en-us'
import { devicesEs } from './es'
import { devicesZhCN } from './zh-cn'

export type { DevicesCatalogue } from './en-us'

/** Messages of the device pages, the bind-device dialog and the home overview, by language. */
export const devicesCatalogues: Readonly<Record<Language, DevicesCatalogue>> = {
  'en-us': devicesEnUS,
  'zh-cn': devicesZhCN,
  es: devicesEs,
}
