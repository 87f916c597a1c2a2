import { organisationCatalogues } from '@canopy/shared/i18n/organisation'
import { addPageMessages } from './page-messages'

// Projects, account management (child accounts and roles) and WeChat binding. Every component
// that shows these messages imports this module, so they arrive with the first such page.
addPageMessages(organisationCatalogues)
