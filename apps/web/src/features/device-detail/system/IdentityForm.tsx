import { DEVICE_MODES, setSystemRequest } from '@canopy/shared/validation'
import { Form, Input, Select } from 'antd'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { type DeviceMode, useSetSystem } from '../api'
import { FieldGrid } from '../forms/FieldGrid'
import { SettingsForm } from '../forms/SettingsForm'
import { sectionRules } from '../forms/section-rules'
import { type IdentityValues, identityRequest } from './identity-form'

// The id is the page's, not the user's: the form checks the rest of setsystem's body.
const rules = sectionRules(setSystemRequest.omit({ id: true }), (values: IdentityValues) =>
  identityRequest(0, values, undefined),
)

function modeLabels(t: TFunction): Record<DeviceMode, string> {
  return {
    gateway: t('deviceSettings.system.modes.gateway'),
    repeater: t('deviceSettings.system.modes.repeater'),
    wisp: t('deviceSettings.system.modes.wisp'),
    ap: t('deviceSettings.system.modes.ap'),
    wds: t('deviceSettings.system.modes.wds'),
    bypass: t('deviceSettings.system.modes.bypass'),
  }
}

/** The device's name and remark (the cloud's) and its mode (the device's, §3). */
export function IdentityForm({
  deviceId,
  values,
  canEdit,
}: {
  deviceId: number
  values: IdentityValues
  canEdit: boolean
}) {
  const { t } = useTranslation()
  const setSystem = useSetSystem(deviceId)
  const labels = modeLabels(t)
  return (
    <SettingsForm<IdentityValues>
      name="identity"
      values={values}
      canEdit={canEdit}
      onSave={(edited) => setSystem.mutateAsync(identityRequest(deviceId, edited, values.mode))}
    >
      <FieldGrid>
        <Form.Item name="name" label={t('devices.info.name')} rules={rules(['name'])}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="remark" label={t('devices.info.remark')} rules={rules(['remark'])}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="mode" label={t('deviceSettings.system.mode')} rules={rules(['settings', 'mode'])}>
          <Select options={DEVICE_MODES.map((mode) => ({ value: mode, label: labels[mode] }))} />
        </Form.Item>
      </FieldGrid>
    </SettingsForm>
  )
}
