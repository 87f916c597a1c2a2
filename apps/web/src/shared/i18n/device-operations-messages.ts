import { deviceOperationsCatalogues } from '@canopy/shared/i18n/device-operations'
import { addPageMessages } from './page-messages'

// Batch operations on devices with their progress, and the remote management pages. Every
// component that shows these messages imports this module, so they arrive with the first of them.
addPageMessages(deviceOperationsCatalogues)
