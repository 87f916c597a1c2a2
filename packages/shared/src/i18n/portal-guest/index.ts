import type { Language } from '../languages'
import { type PortalGuestCatalogue, portalGuestEnUS } from './en-us'
import { portalGuestEs } from './es'
import { portalGuestZhCN } from './zh-cn'

export type { PortalGuestCatalogue } from './en-us'

/** The captive page's words, by language (the server renders the page). */
export const portalGuestCatalogues: Readonly<Record<Language, PortalGuestCatalogue>> = {
  'en-us': portalGuestEnUS,
  'zh-cn': portalGuestZhCN,
  es: portalGuestEs,
}
