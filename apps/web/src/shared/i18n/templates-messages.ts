import { templatesCatalogues } from '@canopy/shared/i18n/templates'
import { addPageMessages } from './page-messages'

// Template management and a device's template state: every component showing these messages
// imports this module, so they arrive with the first of them.
addPageMessages(templatesCatalogues)
