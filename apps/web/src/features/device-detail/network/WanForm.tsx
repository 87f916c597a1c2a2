import { CONNECTION_TYPES, MTU_BOUNDS, wanSettings } from '@canopy/shared/validation'
import { Form, Input, InputNumber, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { useSetNetwork } from '../api'
import { FieldGrid } from '../forms/FieldGrid'
import { SecretInput } from '../forms/SecretInput'
import { SettingsForm } from '../forms/SettingsForm'
import { sectionRules } from '../forms/section-rules'
import { connectionLabels } from '../labels'
import { mtuForType, toWanSettings, type WanFormValues, wanRequest } from './network-form'

export interface WanFormProps {
  deviceId: number
  values: WanFormValues
  /** a mobile (4G) connection needs the model's LTE module */
  mobile: boolean
  canEdit: boolean
}

const rules = sectionRules(wanSettings, toWanSettings)

/** WAN: connection type (static, PPPoE, DHCP, mobile) and its fields, MTU and VLAN (§3, §5). */
export function WanForm({ deviceId, values, mobile, canEdit }: WanFormProps) {
  const { t } = useTranslation()
  const setNetwork = useSetNetwork(deviceId)
  const labels = connectionLabels(t)
  const types = CONNECTION_TYPES.filter((type) => type !== 'mobile' || mobile || values.type === 'mobile')

  return (
    <SettingsForm<WanFormValues>
      name="wan"
      values={values}
      canEdit={canEdit}
      violationPrefix={['wan']}
      onSave={(edited) => setNetwork.mutateAsync({ id: deviceId, settings: wanRequest(edited) })}
      onValuesChange={(changed, form) => {
        if (changed.type) form.setFieldValue('mtu', mtuForType(changed.type, form.getFieldValue('mtu')))
      }}
    >
      <FieldGrid>
        <Form.Item name="type" label={t('devices.info.connection')} rules={rules(['type'])}>
          <Select options={types.map((type) => ({ value: type, label: labels[type] }))} />
        </Form.Item>
        <Form.Item noStyle dependencies={['type']}>
          {({ getFieldValue }) => (
            <Form.Item
              name="mtu"
              label={t('deviceSettings.network.mtu')}
              extra={t('deviceSettings.network.mtuRange', {
                min: MTU_BOUNDS[getFieldValue('type') as WanFormValues['type']][0],
                max: MTU_BOUNDS[getFieldValue('type') as WanFormValues['type']][1],
              })}
              dependencies={['type']}
              rules={rules(['mtu'])}
            >
              <InputNumber style={{ width: '100%' }} precision={0} />
            </Form.Item>
          )}
        </Form.Item>
        <Form.Item
          name="vlan"
          label={t('deviceSettings.network.vlan')}
          extra={t('deviceSettings.form.vlanRange')}
          rules={rules(['vlan'])}
        >
          <InputNumber style={{ width: '100%' }} precision={0} />
        </Form.Item>
      </FieldGrid>
      <Form.Item noStyle dependencies={['type']}>
        {({ getFieldValue }) => {
          const type = getFieldValue('type') as WanFormValues['type']
          if (type === 'static')
            return (
              <FieldGrid>
                <Form.Item name="ip" label={t('devices.info.ip')} rules={rules(['ip'])}>
                  <Input autoComplete="off" />
                </Form.Item>
                <Form.Item name="mask" label={t('devices.info.mask')} rules={rules(['mask'])}>
                  <Input autoComplete="off" />
                </Form.Item>
                <Form.Item name="gateway" label={t('devices.info.gateway')} rules={rules(['gateway'])}>
                  <Input autoComplete="off" />
                </Form.Item>
                <Form.Item
                  name={['dns', 0]}
                  label={t('deviceSettings.network.dns1')}
                  rules={rules(['dns', 0])}
                >
                  <Input autoComplete="off" />
                </Form.Item>
                <Form.Item
                  name={['dns', 1]}
                  label={t('deviceSettings.network.dns2')}
                  rules={rules(['dns', 1])}
                  dependencies={[['dns', 0]]}
                >
                  <Input autoComplete="off" />
                </Form.Item>
              </FieldGrid>
            )
          if (type === 'pppoe')
            return (
              <FieldGrid>
                <Form.Item
                  name={['pppoe', 'username']}
                  label={t('deviceSettings.network.pppoeUsername')}
                  rules={rules(['pppoe', 'username'])}
                >
                  <Input autoComplete="off" />
                </Form.Item>
                <Form.Item name={['pppoe', 'password']} label={t('deviceSettings.network.pppoePassword')}>
                  <SecretInput />
                </Form.Item>
                <Form.Item
                  name={['pppoe', 'timeout']}
                  label={t('deviceSettings.network.pppoeTimeout')}
                  extra={t('deviceSettings.network.pppoeTimeoutRange')}
                  rules={rules(['pppoe', 'timeout'])}
                >
                  <InputNumber style={{ width: '100%' }} precision={0} />
                </Form.Item>
              </FieldGrid>
            )
          return null
        }}
      </Form.Item>
    </SettingsForm>
  )
}
