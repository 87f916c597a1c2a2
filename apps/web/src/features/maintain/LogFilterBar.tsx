import { DownloadOutlined } from '@ant-design/icons'
import { Button, DatePicker, Flex, Form, Select } from 'antd'
import type { Dayjs } from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../shared/api'
import { loadRules } from '../../shared/forms'
import '../../shared/i18n/maintain-messages'
import { translateKey } from '../../shared/i18n/i18n'
import { toast } from '../../shared/ui/feedback'
import { useDeviceProducts } from '../devices/api'
import type { LogFilters } from './api'
import { type LogFilterValues, logFiltersOf } from './log-request'

const RECENT_DAYS = [1, 2, 3, 4, 5, 6, 7]
/** §5: the date-range filters start in 2008. */
const FIRST_DAY = '2008-01-01'

export interface LogFilterBarProps {
  name: string
  results: { value: string; label: string }[]
  actions?: { value: string; label: string }[]
  onSearch: (filters: LogFilters) => void
  /** downloads the server's CSV for these filters */
  onExport: (filters: LogFilters) => Promise<void>
}

/**
 * A log's filters (shared log-filters rule: a range of days from 2008 on, or the recent 1–7
 * days, never both), with search and CSV export of what they select.
 */
export function LogFilterBar({ name, results, actions, onSearch, onExport }: LogFilterBarProps) {
  const { t } = useTranslation()
  const [form] = Form.useForm<LogFilterValues>()
  const products = useDeviceProducts()
  const [exporting, setExporting] = useState(false)

  /** The filters when the shared rule accepts them; otherwise its message goes on its field. */
  async function checkedFilters(): Promise<LogFilters | undefined> {
    const values = form.getFieldsValue()
    const filters = logFiltersOf(values)
    const { logFilters, firstViolation } = await loadRules()
    const key = firstViolation(logFilters, { start: filters.start, end: filters.end, days: filters.days })
    form.setFields([
      { name: 'range', errors: key && filters.days === undefined ? [translateKey(key)] : [] },
      { name: 'days', errors: key && filters.days !== undefined ? [translateKey(key)] : [] },
    ])
    return key ? undefined : filters
  }

  async function handleExport() {
    const filters = await checkedFilters()
    if (!filters) return
    setExporting(true)
    try {
      await onExport(filters)
      void toast.success(t('maintain.log.exported'))
    } catch (error) {
      if (isApiError(error) && !error.shown) void toast.error(translateKey(error.messageKey))
    } finally {
      setExporting(false)
    }
  }

  const disabledDate = (day: Dayjs) => day.isBefore(FIRST_DAY, 'day')
  return (
    <Form<LogFilterValues>
      form={form}
      name={name}
      layout="inline"
      style={{ rowGap: 8, marginBottom: 16 }}
      onFinish={async () => {
        const filters = await checkedFilters()
        if (filters) onSearch(filters)
      }}
      onValuesChange={(changed: LogFilterValues) => {
        // Recent days and a range exclude each other: choosing one clears the other.
        if (changed.days) form.setFieldValue('range', null)
        if (changed.range) form.setFieldValue('days', null)
      }}
    >
      <Form.Item name="range" label={t('maintain.log.range')}>
        <DatePicker.RangePicker disabledDate={disabledDate} allowEmpty={[true, true]} />
      </Form.Item>
      <Form.Item name="days" label={t('maintain.log.days')}>
        <Select
          allowClear
          style={{ width: 150 }}
          options={RECENT_DAYS.map((count) => ({
            value: count,
            label: count === 1 ? t('maintain.log.daysOne') : t('maintain.log.daysOption', { count }),
          }))}
        />
      </Form.Item>
      {actions ? (
        <Form.Item name="action" label={t('maintain.log.action')}>
          <Select allowClear style={{ width: 190 }} options={actions} placeholder={t('maintain.log.all')} />
        </Form.Item>
      ) : (
        <Form.Item name="model" label={t('maintain.log.model')}>
          <Select
            allowClear
            showSearch
            style={{ width: 160 }}
            placeholder={t('maintain.log.all')}
            options={(products.data ?? []).map((product) => ({ value: product.model, label: product.model }))}
          />
        </Form.Item>
      )}
      <Form.Item name="result" label={t('maintain.log.result')}>
        <Select allowClear style={{ width: 150 }} options={results} placeholder={t('maintain.log.all')} />
      </Form.Item>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit">
          {t('maintain.log.search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields()
            onSearch({})
          }}
        >
          {t('maintain.log.reset')}
        </Button>
        <Button
          icon={<DownloadOutlined aria-hidden />}
          loading={exporting}
          onClick={() => void handleExport()}
        >
          {t('maintain.log.exportCsv')}
        </Button>
      </Flex>
    </Form>
  )
}
