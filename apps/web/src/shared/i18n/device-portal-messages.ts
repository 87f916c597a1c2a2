import { devicePortalCatalogues } from '@canopy/shared/i18n/device-portal'
import { addPageMessages } from './page-messages'

// The device detail page's Portal tab: its components import this module, so the messages
// arrive with the tab's chunk.
addPageMessages(devicePortalCatalogues)
