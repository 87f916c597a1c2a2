import type { Language } from '../languages'
import { type BackupsCatalogue, backupsEnUS } from './en-us'
import { backupsEs } from './es'
import { backupsZhCN } from './zh-cn'

export type { BackupsCatalogue } from './en-us'

/** Messages of configuration backup and restore (issue 14), by language. */
export const backupsCatalogues: Readonly<Record<Language, BackupsCatalogue>> = {
  'en-us': backupsEnUS,
  'zh-cn': backupsZhCN,
  es: backupsEs,
}
