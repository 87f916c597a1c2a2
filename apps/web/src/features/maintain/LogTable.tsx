import type { UseQueryResult } from '@tanstack/react-query'
import { Empty, Table, type TableColumnsType, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/maintain-messages'
import { ErrorWithRetry } from '../../shared/ui/ErrorWithRetry'
import type { Page } from './api'

export interface LogTableProps<T> {
  list: Pick<UseQueryResult<Page<T>>, 'data' | 'isError' | 'isPending' | 'isFetching' | 'refetch'>
  columns: TableColumnsType<T>
  rowKey: string | ((row: T) => string)
  pageIndex: number
  pageSize: number
  onPage: (page: number) => void
}

/** A log's page: the total, the rows, the load failure with its retry. */
export function LogTable<T extends object>({
  list,
  columns,
  rowKey,
  pageIndex,
  pageSize,
  onPage,
}: LogTableProps<T>) {
  const { t } = useTranslation()
  const data = list.data
  if (list.isError && !data)
    return (
      <ErrorWithRetry
        title={t('maintain.log.loadFailed')}
        onRetry={() => list.refetch()}
        retrying={list.isFetching}
      />
    )
  return (
    <>
      <Typography.Text type="secondary" role="status" style={{ display: 'block', marginBottom: 8 }}>
        {data ? t('maintain.log.total', { total: data.total }) : ''}
      </Typography.Text>
      <Table<T>
        rowKey={rowKey}
        columns={columns}
        dataSource={data?.list ?? []}
        loading={list.isPending}
        locale={{
          emptyText: data ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('maintain.log.empty')} />
          ) : (
            <div style={{ minHeight: 96 }} />
          ),
        }}
        pagination={{
          current: pageIndex,
          pageSize,
          total: data?.total ?? 0,
          onChange: onPage,
          showSizeChanger: false,
        }}
        scroll={{ x: 'max-content' }}
        size="middle"
      />
    </>
  )
}
