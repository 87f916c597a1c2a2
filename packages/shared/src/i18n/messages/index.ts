import type { Language } from '../languages'
import { type MessagesCatalogue, messagesEnUS } from './en-us'
import { messagesEs } from './es'
import { messagesZhCN } from './zh-cn'

export type { MessagesCatalogue } from './en-us'

/** Messages of the system-message page (/msg), by language. */
export const messagesCatalogues: Readonly<Record<Language, MessagesCatalogue>> = {
  'en-us': messagesEnUS,
  'zh-cn': messagesZhCN,
  es: messagesEs,
}
