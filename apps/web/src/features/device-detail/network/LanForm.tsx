import { lanSettings } from '@canopy/shared/validation'
import { Form, Input, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import { useSetNetwork } from '../api'
import { FieldGrid } from '../forms/FieldGrid'
import { SettingsForm } from '../forms/SettingsForm'
import { sectionRules } from '../forms/section-rules'
import { type LanFormValues, lanRequest, toLanSettings } from './network-form'

const rules = sectionRules(lanSettings, toLanSettings)

/** LAN: the device's address and mask, DNS, and its DHCP pool (inside the LAN, §5). */
export function LanForm({
  deviceId,
  values,
  canEdit,
}: {
  deviceId: number
  values: LanFormValues
  canEdit: boolean
}) {
  const { t } = useTranslation()
  const setNetwork = useSetNetwork(deviceId)
  const pool = ['ip', 'mask', ['dhcp', 'enabled']]

  return (
    <SettingsForm<LanFormValues>
      name="lan"
      values={values}
      canEdit={canEdit}
      violationPrefix={['lan']}
      onSave={(edited) => setNetwork.mutateAsync({ id: deviceId, settings: lanRequest(edited) })}
    >
      <FieldGrid>
        <Form.Item name="ip" label={t('devices.info.ip')} rules={rules(['ip'])}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="mask" label={t('devices.info.mask')} rules={rules(['mask'])}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name={['dns', 0]} label={t('deviceSettings.network.dns1')} rules={rules(['dns', 0])}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name={['dns', 1]} label={t('deviceSettings.network.dns2')} rules={rules(['dns', 1])}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name={['dhcp', 'enabled']}
          label={t('deviceSettings.network.dhcpServer')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name={['dhcp', 'start']}
          label={t('deviceSettings.network.dhcpStart')}
          dependencies={pool}
          rules={rules(['dhcp', 'start'])}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name={['dhcp', 'end']}
          label={t('deviceSettings.network.dhcpEnd')}
          dependencies={[...pool, ['dhcp', 'start']]}
          rules={rules(['dhcp', 'end'])}
        >
          <Input autoComplete="off" />
        </Form.Item>
      </FieldGrid>
    </SettingsForm>
  )
}
