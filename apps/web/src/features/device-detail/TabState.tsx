import { Skeleton } from 'antd'
import { useTranslation } from 'react-i18next'
import { ErrorWithRetry } from '../../shared/ui/ErrorWithRetry'

/** What a tab waits for: a query's state and how to ask again. */
export interface TabQuery {
  isError: boolean
  isFetching: boolean
  refetch: () => unknown
}

/** A tab whose data is still on its way, or could not be had (then a retry asks again). */
export function TabState({ queries }: { queries: readonly TabQuery[] }) {
  const { t } = useTranslation()
  const failed = queries.filter((query) => query.isError)
  return failed.length > 0 ? (
    <ErrorWithRetry
      title={t('deviceSettings.loadFailed')}
      onRetry={() => Promise.all(failed.map((query) => query.refetch()))}
      retrying={failed.some((query) => query.isFetching)}
    />
  ) : (
    <Skeleton active paragraph={{ rows: 6 }} />
  )
}
