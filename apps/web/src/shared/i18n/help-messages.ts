import { helpCenterCatalogues } from '@canopy/shared/i18n/help'
import { addPageMessages } from './page-messages'

// The help center and the top bar's help button: both import this module, so the messages come
// with the frame (a dozen short strings) and the articles stay in their own chunks.
addPageMessages(helpCenterCatalogues)
