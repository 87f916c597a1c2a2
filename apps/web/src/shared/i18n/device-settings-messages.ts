import { deviceSettingsCatalogues } from '@canopy/shared/i18n/device-settings'
import { addPageMessages } from './page-messages'

// The device detail page: its tabs, settings forms and sync states. Every component that shows
// these messages imports this module, so they arrive with the page.
addPageMessages(deviceSettingsCatalogues)
