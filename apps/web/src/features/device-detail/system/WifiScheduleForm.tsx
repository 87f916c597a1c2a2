import { wifiSchedule } from '@canopy/shared/validation'
import { Checkbox, Form, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import { useSetSystem } from '../api'
import { FieldGrid } from '../forms/FieldGrid'
import { SettingsForm } from '../forms/SettingsForm'
import { sectionRules } from '../forms/section-rules'
import { type WifiScheduleValues, weekdayOptions, withSortedDays } from './schedule'
import { TimeInput } from './TimeInput'

const rules = sectionRules(wifiSchedule, (values: WifiScheduleValues) => values)

/** WiFi timed off (§3): the radios go off and come back at these times on these weekdays. */
export function WifiScheduleForm({
  deviceId,
  values,
  canEdit,
}: {
  deviceId: number
  values: WifiScheduleValues
  canEdit: boolean
}) {
  const { t } = useTranslation()
  const setSystem = useSetSystem(deviceId)
  return (
    <SettingsForm<WifiScheduleValues>
      name="wifi-schedule"
      values={values}
      canEdit={canEdit}
      violationPrefix={['wifiSchedule']}
      onSave={(edited) =>
        setSystem.mutateAsync({ id: deviceId, settings: { wifiSchedule: withSortedDays(edited) } })
      }
    >
      <FieldGrid>
        <Form.Item name="enabled" label={t('deviceSettings.system.wifiOffEnabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="off" label={t('deviceSettings.system.wifiOffAt')} rules={rules(['off'])}>
          <TimeInput />
        </Form.Item>
        <Form.Item
          name="on"
          label={t('deviceSettings.system.wifiOnAt')}
          dependencies={['off']}
          rules={rules(['on'])}
        >
          <TimeInput />
        </Form.Item>
      </FieldGrid>
      <Form.Item name="days" label={t('deviceSettings.system.days')} rules={rules(['days'])}>
        <Checkbox.Group options={weekdayOptions(t)} />
      </Form.Item>
    </SettingsForm>
  )
}
