import { alarmsCatalogues } from '@canopy/shared/i18n/alarms'
import { addPageMessages } from './page-messages'

// The alarm list, the device's alarm tab and a project's alarm settings: every component showing
// these messages imports this module, so they arrive with the first of them.
addPageMessages(alarmsCatalogues)
