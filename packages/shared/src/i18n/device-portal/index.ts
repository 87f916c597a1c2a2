import type { Language } from '../languages'
import { type DevicePortalCatalogue, devicePortalEnUS } from './en-us'
import { devicePortalEs } from './es'
import { devicePortalZhCN } from './zh-cn'

export type { DevicePortalCatalogue } from './en-us'

/** Messages of the device detail page's Portal tab, by language. */
export const devicePortalCatalogues: Readonly<Record<Language, DevicePortalCatalogue>> = {
  'en-us': devicePortalEnUS,
  'zh-cn': devicePortalZhCN,
  es: devicePortalEs,
}
