import { can } from '@canopy/shared/permissions'
import { ALARM_CATEGORIES, type AlarmCategory } from '@canopy/shared/validation'
import { Button, Flex, Select, type TableColumnsType, Tabs, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatCompactDateTime } from '../../shared/format'
import { toast } from '../../shared/ui/feedback'
import { PagedTable } from '../../shared/ui/PagedTable'
import { usePermits } from '../auth/grants'
import { deviceDetailPath } from '../device-detail/detail-params'
import { reportError } from '../device-detail/report-error'
import { type Alarm, useAcknowledgeAlarms, useAlarmList } from './api'
import { categoryLabel, readingOf } from './labels'
import '../../shared/i18n/alarms-messages'
import { PageTitle } from '../../shared/ui/PageTitle'

const PAGE_SIZE = 10
type ListState = 'active' | 'history'

/**
 * /device/alarm: the tenant's alarms as far as the caller sees its devices — active ones and the
 * history of recovered ones, by category, each with its device's link; acknowledge.
 */
export function AlarmListPage() {
  const { t } = useTranslation()
  const [state, setState] = useState<ListState>('active')
  const [category, setCategory] = useState<AlarmCategory>()
  const [pageIndex, setPageIndex] = useState(1)
  const list = useAlarmList({ state, category, pageIndex, pageOffset: PAGE_SIZE })
  const acknowledge = useAcknowledgeAlarms()
  const canAcknowledge = usePermits()(can.device('edit'))

  async function handleAcknowledge(alarm: Alarm) {
    try {
      await acknowledge.mutateAsync([alarm.id])
      void toast.success(t('alarms.list.acknowledgeDone'))
    } catch (error) {
      reportError(error)
    }
  }

  const columns: TableColumnsType<Alarm> = [
    {
      key: 'device',
      title: t('alarms.list.device'),
      render: (_value, alarm) => (
        <Link to={deviceDetailPath(alarm.device_id)}>
          {alarm.device_name ?? alarm.mac ?? alarm.device_id}
        </Link>
      ),
    },
    {
      key: 'category',
      title: t('alarms.list.category'),
      render: (_value, alarm) => categoryLabel(t, alarm.category),
    },
    { key: 'reading', title: t('alarms.list.reading'), render: (_value, alarm) => readingOf(t, alarm) },
    {
      key: 'fired_at',
      title: t('alarms.list.firedAt'),
      render: (_value, alarm) => formatCompactDateTime(alarm.fired_at),
    },
    ...(state === 'history'
      ? [
          {
            key: 'recovered_at',
            title: t('alarms.list.recoveredAt'),
            render: (_value: unknown, alarm: Alarm) => formatCompactDateTime(alarm.recovered_at),
          },
        ]
      : []),
    {
      key: 'acknowledged',
      title: t('alarms.list.acknowledged'),
      render: (_value, alarm) =>
        alarm.acknowledged_at ? (
          formatCompactDateTime(alarm.acknowledged_at)
        ) : canAcknowledge ? (
          <Button
            type="link"
            size="small"
            aria-label={`${t('alarms.list.acknowledge')} ${alarm.device_name ?? alarm.mac ?? ''} ${categoryLabel(t, alarm.category)}`}
            onClick={() => void handleAcknowledge(alarm)}
          >
            {t('alarms.list.acknowledge')}
          </Button>
        ) : (
          <Typography.Text type="secondary">{t('alarms.list.notAcknowledged')}</Typography.Text>
        ),
    },
  ]

  return (
    <>
      <PageTitle>{t('alarms.list.title')}</PageTitle>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Tabs
          activeKey={state}
          onChange={(key) => {
            setState(key as ListState)
            setPageIndex(1)
          }}
          items={[
            { key: 'active', label: t('alarms.list.active') },
            { key: 'history', label: t('alarms.list.history') },
          ]}
        />
        <Select<AlarmCategory | undefined>
          aria-label={t('alarms.list.category')}
          allowClear
          placeholder={t('alarms.list.allCategories')}
          value={category}
          onChange={(value) => {
            setCategory(value)
            setPageIndex(1)
          }}
          style={{ width: 220 }}
          options={ALARM_CATEGORIES.map((value) => ({ value, label: categoryLabel(t, value) }))}
        />
      </Flex>
      <PagedTable<Alarm>
        list={list}
        columns={columns}
        rowKey="id"
        pageIndex={pageIndex}
        pageSize={PAGE_SIZE}
        onPage={setPageIndex}
        totalText={(total) => t('alarms.list.total', { total })}
        loadFailed={t('alarms.list.loadFailed')}
        empty={t('alarms.list.empty')}
      />
    </>
  )
}
