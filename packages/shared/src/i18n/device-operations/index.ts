import type { Language } from '../languages'
import { type DeviceOperationsCatalogue, deviceOperationsEnUS } from './en-us'
import { deviceOperationsEs } from './es'
import { deviceOperationsZhCN } from './zh-cn'

export type { DeviceOperationsCatalogue } from './en-us'

/** Messages of the batch operations, their progress and the remote management pages, by language. */
export const deviceOperationsCatalogues: Readonly<Record<Language, DeviceOperationsCatalogue>> = {
  'en-us': deviceOperationsEnUS,
  'zh-cn': deviceOperationsZhCN,
  es: deviceOperationsEs,
}
