import type { UseQueryResult } from '@tanstack/react-query'
import { Empty, Flex, Table, type TableColumnsType, Typography } from 'antd'
import type { ReactNode } from 'react'
import { ErrorWithRetry } from './ErrorWithRetry'

/** One page of a list as the server answers it. */
export interface PageOf<T> {
  total: number
  list: T[]
}

export interface PagedTableProps<T> {
  /** the query reading the current page */
  list: Pick<UseQueryResult<PageOf<T>>, 'data' | 'isError' | 'isPending' | 'isFetching' | 'refetch'>
  columns: TableColumnsType<T>
  rowKey: string | ((row: T) => string)
  pageIndex: number
  pageSize: number
  onPage: (page: number) => void
  /** the count line once data arrived, e.g. "12 packages" (translated) */
  totalText: (total: number) => string
  /** what could not be loaded (translated) */
  loadFailed: string
  /** what an empty list says (translated) */
  empty: string
  /** buttons on the right of the count line (e.g. "Upload") */
  actions?: ReactNode
}

/**
 * A server-paged list with its states: the count and the action bar; the failure with a retry
 * when the first load fails (a later failure keeps the rows already shown); "empty" only once
 * data arrived, so a slow first load does not flash "nothing here"; the pages.
 */
export function PagedTable<T extends object>({
  list,
  columns,
  rowKey,
  pageIndex,
  pageSize,
  onPage,
  totalText,
  loadFailed,
  empty,
  actions,
}: PagedTableProps<T>) {
  const data = list.data
  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary" role="status">
          {data ? totalText(data.total) : ''}
        </Typography.Text>
        {actions}
      </Flex>
      {list.isError && !data ? (
        <ErrorWithRetry title={loadFailed} onRetry={() => list.refetch()} retrying={list.isFetching} />
      ) : (
        <Table<T>
          rowKey={rowKey}
          columns={columns}
          dataSource={data?.list ?? []}
          loading={list.isPending}
          locale={{
            emptyText: data ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
            ) : (
              <div style={{ minHeight: 96 }} />
            ),
          }}
          pagination={{
            current: pageIndex,
            pageSize,
            total: data?.total ?? 0,
            onChange: onPage,
            hideOnSinglePage: true,
            // the page size is the caller's constant: a size changer would change nothing
            showSizeChanger: false,
          }}
          scroll={{ x: 'max-content' }}
          size="middle"
        />
      )}
    </>
  )
}
