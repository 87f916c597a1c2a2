import type { Dayjs } from 'dayjs'
import type { LogFilters } from './api'

/** The log filter bar's fields: a date range or recent days (never both), model, result, action. */
export interface LogFilterValues {
  range?: [Dayjs | null, Dayjs | null] | null
  days?: number | null
  model?: string | null
  result?: string | null
  action?: string | null
}

/** The filters the log calls take, from the bar's fields: days as 'YYYY-MM-DD' in the viewer's calendar. */
export function logFiltersOf(values: LogFilterValues): LogFilters {
  const filters: LogFilters = {}
  const [start, end] = values.range ?? []
  if (start) filters.start = start.format('YYYY-MM-DD')
  if (end) filters.end = end.format('YYYY-MM-DD')
  if (values.days) filters.days = values.days
  const model = values.model?.trim()
  if (model) filters.model = model
  if (values.result) filters.result = values.result
  if (values.action) filters.action = values.action
  return filters
}

/** The query string of an export: the same filters, as text. */
export function exportParams(filters: LogFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  )
}
