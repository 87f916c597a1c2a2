import { messagesCatalogues } from '@canopy/shared/i18n/messages'
import { addPageMessages } from './page-messages'

// The system-message page (/msg): every component showing these messages imports this module,
// so they arrive with the first of them.
addPageMessages(messagesCatalogues)
