import { backupsCatalogues } from '@canopy/shared/i18n/backups'
import { addPageMessages } from './page-messages'

// Configuration backups (issue 14): the device detail's Backups tab, the drift banner and filter,
// the project schedule. Every component showing these messages imports this module.
addPageMessages(backupsCatalogues)
