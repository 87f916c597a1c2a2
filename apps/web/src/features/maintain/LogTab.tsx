import type { UseQueryResult } from '@tanstack/react-query'
import type { TableColumnsType } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../../shared/api'
import '../../shared/i18n/maintain-messages'
import { PagedTable } from '../../shared/ui/PagedTable'
import type { LogFilters, Page, PageRequest } from './api'
import { LogFilterBar } from './LogFilterBar'
import { resultLabel } from './log-labels'
import { exportParams } from './log-request'
import { saveFile } from './save-file'

const PAGE_SIZE = 20

export interface LogTabProps<T> {
  /** the log: backend/log/<kind>/list and …/export, saved as <kind>-log.csv */
  kind: 'operation' | 'upgrade'
  /** the filter form's name (its fields' ids) */
  formName: string
  /** the query reading one page of the log (a stable hook) */
  useLog: (request: PageRequest & LogFilters) => UseQueryResult<Page<T>>
  columns: TableColumnsType<T>
  rowKey: string | ((row: T) => string)
  /** the results the filter offers */
  results: readonly string[]
  /** the actions the filter offers (the operation log), with their labels */
  actions?: { value: string; label: string }[]
}

/** A log's tab: the filters (a search goes back to page 1), the CSV export of them, the pages. */
export function LogTab<T extends object>({
  kind,
  formName,
  useLog,
  columns,
  rowKey,
  results,
  actions,
}: LogTabProps<T>) {
  const { t } = useTranslation()
  const [filters, setFilters] = useState<LogFilters>({})
  const [pageIndex, setPageIndex] = useState(1)
  const list = useLog({ pageIndex, pageOffset: PAGE_SIZE, ...filters })

  return (
    <>
      <LogFilterBar
        name={formName}
        results={results.map((value) => ({ value, label: resultLabel(value) }))}
        actions={actions}
        onSearch={(next) => {
          setFilters(next)
          setPageIndex(1)
        }}
        onExport={async (current) =>
          saveFile(await api.download(`backend/log/${kind}/export`, exportParams(current)), `${kind}-log.csv`)
        }
      />
      <PagedTable
        list={list}
        columns={columns}
        rowKey={rowKey}
        pageIndex={pageIndex}
        pageSize={PAGE_SIZE}
        onPage={setPageIndex}
        totalText={(total) => t('maintain.log.total', { total })}
        loadFailed={t('maintain.log.loadFailed')}
        empty={t('maintain.log.empty')}
      />
    </>
  )
}
