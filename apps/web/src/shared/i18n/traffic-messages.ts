import { trafficCatalogues } from '@canopy/shared/i18n/traffic'
import { addPageMessages } from './page-messages'

// The traffic charts (home card, device detail tab): every component showing these messages
// imports this module, so they arrive with the first of them.
addPageMessages(trafficCatalogues)
