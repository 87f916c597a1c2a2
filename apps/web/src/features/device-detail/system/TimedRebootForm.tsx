import { timedReboot } from '@canopy/shared/validation'
import { Checkbox, Form, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import { useTimedRestart } from '../api'
import { FieldGrid } from '../forms/FieldGrid'
import { SettingsForm } from '../forms/SettingsForm'
import { sectionRules } from '../forms/section-rules'
import { type TimedRebootValues, weekdayOptions, withSortedDays } from './schedule'
import { TimeInput } from './TimeInput'

const rules = sectionRules(timedReboot, (values: TimedRebootValues) => values)

/** Timed reboot (§3): on these weekdays at this time. Needs the 'reboot' function. */
export function TimedRebootForm({
  deviceId,
  values,
  canReboot,
}: {
  deviceId: number
  values: TimedRebootValues
  canReboot: boolean
}) {
  const { t } = useTranslation()
  const restart = useTimedRestart(deviceId)
  return (
    <SettingsForm<TimedRebootValues>
      name="timed-reboot"
      values={values}
      canEdit={canReboot}
      violationPrefix={['timedReboot']}
      onSave={(edited) => restart.mutateAsync({ ids: [deviceId], timedReboot: withSortedDays(edited) })}
    >
      <FieldGrid>
        <Form.Item
          name="enabled"
          label={t('deviceSettings.system.timedRebootEnabled')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Form.Item name="time" label={t('deviceSettings.system.rebootTime')} rules={rules(['time'])}>
          <TimeInput />
        </Form.Item>
      </FieldGrid>
      <Form.Item name="days" label={t('deviceSettings.system.days')} rules={rules(['days'])}>
        <Checkbox.Group options={weekdayOptions(t)} />
      </Form.Item>
    </SettingsForm>
  )
}
