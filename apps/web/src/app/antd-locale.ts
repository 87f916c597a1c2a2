import type { Language } from '@canopy/shared/i18n/languages'
import type { ConfigProviderProps } from 'antd'
import enUS from 'antd/locale/en_US'
import esES from 'antd/locale/es_ES'
import zhCN from 'antd/locale/zh_CN'

/** antd's own texts (pagination, pickers, empty states) follow the console language. */
export const ANTD_LOCALES: Record<Language, ConfigProviderProps['locale']> = {
  'en-us': enUS,
  'zh-cn': zhCN,
  es: esES,
}
