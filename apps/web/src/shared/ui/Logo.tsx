import { useTranslation } from 'react-i18next'
import logoEn from './assets/logo-en.svg'
import logoZh from './assets/logo-zh.svg'

/** §2 top bar: the Chinese logo for Chinese, the English one otherwise. */
export function Logo({ height = 32 }: { height?: number }) {
  const { t, i18n } = useTranslation()
  const chinese = i18n.resolvedLanguage === 'zh-cn'
  return (
    <img
      src={chinese ? logoZh : logoEn}
      alt={t('common.appName')}
      height={height}
      width={Math.round(height * (chinese ? 3 : 3.9))}
      style={{ display: 'block' }}
    />
  )
}
