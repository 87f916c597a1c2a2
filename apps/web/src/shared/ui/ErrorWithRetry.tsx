import { Alert, Button } from 'antd'
import { useTranslation } from 'react-i18next'

export interface ErrorWithRetryProps {
  /** what could not be loaded (translated) */
  title: string
  /** asks again (a query's `refetch`) */
  onRetry: () => unknown
  /** a retry is under way: the button spins */
  retrying?: boolean
}

/**
 * What a list or a detail page shows when its data could not be loaded: the failure and a
 * button to ask again, so a passing network fault does not need a reload of the whole page.
 */
export function ErrorWithRetry({ title, onRetry, retrying = false }: ErrorWithRetryProps) {
  const { t } = useTranslation()
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      action={
        <Button size="small" loading={retrying} onClick={() => void onRetry()}>
          {t('errorPage.retry')}
        </Button>
      }
    />
  )
}
