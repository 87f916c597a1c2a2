import { maintainCatalogues } from '@canopy/shared/i18n/maintain'
import { addPageMessages } from './page-messages'

// The maintenance pages (upgrades, logs) and the device list's upgrade bits: every component
// showing these messages imports this module, so they arrive with the first of them.
addPageMessages(maintainCatalogues)
