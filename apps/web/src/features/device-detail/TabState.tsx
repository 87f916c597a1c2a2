import { Alert, Skeleton } from 'antd'
import { useTranslation } from 'react-i18next'

/** A tab whose data is still on its way, or could not be had. */
export function TabState({ failed }: { failed: boolean }) {
  const { t } = useTranslation()
  return failed ? (
    <Alert type="error" showIcon title={t('deviceSettings.loadFailed')} />
  ) : (
    <Skeleton active paragraph={{ rows: 6 }} />
  )
}
