import type { Language } from '@canopy/shared/i18n/languages'
import dayjs from 'dayjs'
import 'dayjs/locale/es'
import 'dayjs/locale/zh-cn'
import localizedFormat from 'dayjs/plugin/localizedFormat'

dayjs.extend(localizedFormat)

/** dayjs names its locales like ours, except English, which is its built-in default. */
const DAYJS_LOCALES: Record<Language, string> = { 'en-us': 'en', 'zh-cn': 'zh-cn', es: 'es' }

export function dayjsLocaleOf(language: Language): string {
  return DAYJS_LOCALES[language]
}

/** The global default, for antd's date pickers. */
export function setDayjsLanguage(language: Language): void {
  dayjs.locale(dayjsLocaleOf(language))
}
