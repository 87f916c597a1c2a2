import {
  ALARM_CATEGORIES,
  ALARM_INTERVALS,
  type AlarmCategory,
  type AlarmRules,
  alarmRules,
  EVENT_CATEGORIES,
  hasThreshold,
} from '@canopy/shared/validation'
import { Form, InputNumber, Select, Switch, Table, type TableColumnsType, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { SettingsForm } from '../device-detail/forms/SettingsForm'
import { sectionRules } from '../device-detail/forms/section-rules'
import { categoryLabel, thresholdUnit } from './labels'

interface RulesValues {
  rules: AlarmRules
}

// The whole set of rules goes through the shared schema; each field shows what concerns it.
const rules = sectionRules(alarmRules, (values: RulesValues) => values.rules)

/**
 * §3 alarm categories, each with its switch, threshold and interval (§9: 1, 3 or 5 minutes);
 * a failed upgrade and a WAN IP change fire at once, so they show no interval.
 */
export function AlarmRulesForm({
  name,
  values,
  canEdit,
  onSave,
}: {
  name: string
  values: AlarmRules
  canEdit: boolean
  onSave: (rules: AlarmRules) => Promise<unknown>
}) {
  const { t } = useTranslation()
  const columns: TableColumnsType<AlarmCategory> = [
    {
      key: 'category',
      title: t('alarms.settings.category'),
      render: (_value, category) => categoryLabel(t, category),
    },
    {
      key: 'enabled',
      title: t('alarms.settings.enabled'),
      render: (_value, category) => (
        <Form.Item name={['rules', category, 'enabled']} valuePropName="checked" noStyle>
          <Switch aria-label={`${categoryLabel(t, category)}: ${t('alarms.settings.enabled')}`} />
        </Form.Item>
      ),
    },
    {
      key: 'threshold',
      title: t('alarms.settings.threshold'),
      render: (_value, category) =>
        hasThreshold(category) ? (
          <Form.Item
            name={['rules', category, 'threshold']}
            rules={rules([category, 'threshold'])}
            style={{ margin: 0 }}
          >
            <InputNumber
              aria-label={`${categoryLabel(t, category)}: ${t('alarms.settings.threshold')}`}
              suffix={thresholdUnit(t, category)}
              style={{ width: 150 }}
            />
          </Form.Item>
        ) : null,
    },
    {
      key: 'interval',
      title: t('alarms.settings.interval'),
      render: (_value, category) =>
        EVENT_CATEGORIES.includes(category) ? (
          <Typography.Text type="secondary">{t('alarms.settings.atOnce')}</Typography.Text>
        ) : (
          <Form.Item name={['rules', category, 'interval']} rules={rules([category, 'interval'])} noStyle>
            <Select
              aria-label={`${categoryLabel(t, category)}: ${t('alarms.settings.interval')}`}
              style={{ width: 110 }}
              options={ALARM_INTERVALS.map((minutes) => ({
                value: minutes,
                label: t('alarms.settings.minutes', { count: minutes }),
              }))}
            />
          </Form.Item>
        ),
    },
  ]
  return (
    <SettingsForm<RulesValues>
      name={name}
      values={{ rules: values }}
      canEdit={canEdit}
      violationPrefix={['rules']}
      onSave={(edited) => onSave(edited.rules)}
    >
      <Table<AlarmCategory>
        rowKey={(category) => category}
        columns={columns}
        dataSource={[...ALARM_CATEGORIES]}
        pagination={false}
        size="small"
        style={{ marginBottom: 16 }}
        scroll={{ x: 'max-content' }}
      />
    </SettingsForm>
  )
}
