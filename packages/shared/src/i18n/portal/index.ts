import type { Language } from '../languages'
import { type PortalCatalogue, portalEnUS } from './en-us'
import { portalEs } from './es'
import { portalZhCN } from './zh-cn'

export type { PortalCatalogue } from './en-us'

/** Messages of the portal-authentication pages (/auth/…), by language. */
export const portalCatalogues: Readonly<Record<Language, PortalCatalogue>> = {
  'en-us': portalEnUS,
  'zh-cn': portalZhCN,
  es: portalEs,
}
