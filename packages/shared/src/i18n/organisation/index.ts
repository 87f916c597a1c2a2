import type { Language } from '../languages'
import { type OrganisationCatalogue, organisationEnUS } from './en-us'
import { organisationEs } from './es'
import { organisationZhCN } from './zh-cn'

export type { OrganisationCatalogue } from './en-us'

/** Messages of the project, account-management and WeChat pages, by language. */
export const organisationCatalogues: Readonly<Record<Language, OrganisationCatalogue>> = {
  'en-us': organisationEnUS,
  'zh-cn': organisationZhCN,
  es: organisationEs,
}
