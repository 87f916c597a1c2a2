import { Checkbox, Form, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { FieldGrid } from '../device-detail/forms/FieldGrid'
import { SettingsForm } from '../device-detail/forms/SettingsForm'
import type { AlarmConfig } from './api'

interface NoticeValues {
  email: boolean
  wechat: boolean
  uids: number[]
}

/** §3: push by e-mail and/or WeChat, and the accounts that receive the alarms. */
export function AlarmNoticeForm({
  name,
  config,
  canEdit,
  onSave,
}: {
  name: string
  config: AlarmConfig
  canEdit: boolean
  onSave: (values: NoticeValues) => Promise<unknown>
}) {
  const { t } = useTranslation()
  const options = config.accounts.map((account) => {
    const shown = account.nickname || account.username
    return {
      value: account.uid,
      label: account.primary ? t('alarms.settings.primary', { name: shown }) : shown,
    }
  })
  return (
    <SettingsForm<NoticeValues>
      name={name}
      values={{ email: config.email, wechat: config.wechat, uids: config.uids }}
      canEdit={canEdit}
      onSave={onSave}
    >
      <FieldGrid>
        <Form.Item name="email" valuePropName="checked">
          <Checkbox>{t('alarms.settings.email')}</Checkbox>
        </Form.Item>
        <Form.Item name="wechat" valuePropName="checked">
          <Checkbox>{t('alarms.settings.wechat')}</Checkbox>
        </Form.Item>
      </FieldGrid>
      <Form.Item name="uids" label={t('alarms.settings.receivers')}>
        <Select mode="multiple" options={options} optionFilterProp="label" />
      </Form.Item>
    </SettingsForm>
  )
}
