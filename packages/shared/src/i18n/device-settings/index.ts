import type { Language } from '../languages'
import { type DeviceSettingsCatalogue, deviceSettingsEnUS } from './en-us'
import { deviceSettingsEs } from './es'
import { deviceSettingsZhCN } from './zh-cn'

export type { DeviceSettingsCatalogue } from './en-us'

/** Messages of the device detail page (its tabs, settings forms and sync states), by language. */
export const deviceSettingsCatalogues: Readonly<Record<Language, DeviceSettingsCatalogue>> = {
  'en-us': deviceSettingsEnUS,
  'zh-cn': deviceSettingsZhCN,
  es: deviceSettingsEs,
}
