import { MESSAGE_KINDS, type MessageKind } from '@canopy/shared/validation'
import { Button, DatePicker, Flex, Form, Select } from 'antd'
import type { Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { loadRules } from '../../shared/forms'
import { translateKey } from '../../shared/i18n/i18n'
import type { MessageFilters } from './api'

const RECENT_DAYS = [1, 2, 3, 4, 5, 6, 7]
/** §5: the date-range filters start in 2008. */
const FIRST_DAY = '2008-01-01'

interface FilterValues {
  kind?: MessageKind | null
  range?: [Dayjs | null, Dayjs | null] | null
  days?: number | null
}

function filtersOf(values: FilterValues): MessageFilters {
  const filters: MessageFilters = {}
  if (values.kind) filters.kind = values.kind
  const [start, end] = values.range ?? []
  if (start) filters.start = start.format('YYYY-MM-DD')
  if (end) filters.end = end.format('YYYY-MM-DD')
  if (values.days) filters.days = values.days
  return filters
}

/** /msg filters: the kind, and a range of days or the recent days (the shared log-filters rule). */
export function MessageFilterBar({ onSearch }: { onSearch: (filters: MessageFilters) => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<FilterValues>()

  async function handleFinish() {
    const filters = filtersOf(form.getFieldsValue())
    const { logFilters, firstViolation } = await loadRules()
    const key = firstViolation(logFilters, { start: filters.start, end: filters.end, days: filters.days })
    form.setFields([
      { name: 'range', errors: key && filters.days === undefined ? [translateKey(key)] : [] },
      { name: 'days', errors: key && filters.days !== undefined ? [translateKey(key)] : [] },
    ])
    if (!key) onSearch(filters)
  }

  return (
    <Form<FilterValues>
      form={form}
      name="message-filters"
      layout="inline"
      style={{ rowGap: 8, marginBottom: 16 }}
      onFinish={() => void handleFinish()}
      onValuesChange={(changed: FilterValues) => {
        // Recent days and a range exclude each other: choosing one clears the other.
        if (changed.days) form.setFieldValue('range', null)
        if (changed.range) form.setFieldValue('days', null)
      }}
    >
      <Form.Item name="kind" label={t('messages.filter.kind')}>
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('messages.filter.all')}
          options={MESSAGE_KINDS.map((kind) => ({ value: kind, label: t(`messages.kinds.${kind}`) }))}
        />
      </Form.Item>
      <Form.Item name="range" label={t('messages.filter.range')}>
        <DatePicker.RangePicker
          disabledDate={(day) => day.isBefore(FIRST_DAY, 'day')}
          allowEmpty={[true, true]}
        />
      </Form.Item>
      <Form.Item name="days" label={t('messages.filter.days')}>
        <Select
          allowClear
          style={{ width: 150 }}
          options={RECENT_DAYS.map((count) => ({
            value: count,
            label: count === 1 ? t('messages.filter.daysOne') : t('messages.filter.daysOption', { count }),
          }))}
        />
      </Form.Item>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit">
          {t('messages.filter.search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields()
            onSearch({})
          }}
        >
          {t('messages.filter.reset')}
        </Button>
      </Flex>
    </Form>
  )
}
