import { portalCatalogues } from '@canopy/shared/i18n/portal'
import { addPageMessages } from './page-messages'

// The portal-authentication pages (/auth/…): every component showing these messages imports
// this module, so they arrive with the first of them.
addPageMessages(portalCatalogues)
