import { devicesCatalogues } from '@canopy/shared/i18n/devices'
import { addPageMessages } from './page-messages'

// The device list, its dialogs and details, the bind-device dialog and the home overview. Every
// component that shows these messages imports this module, so they arrive with the first of them.
addPageMessages(devicesCatalogues)
