import type { WifiOptions } from '@canopy/shared/protocol'
import { vapSettings } from '@canopy/shared/validation'
import { Form, Input, InputNumber, Select, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import { translateKey } from '../../../shared/i18n/i18n'
import { useSetWifi } from '../api'
import { FieldGrid } from '../forms/FieldGrid'
import { SettingsForm } from '../forms/SettingsForm'
import { sectionRules } from '../forms/section-rules'
import { bandLabel } from '../labels'
import { SecurityFields } from './SecurityFields'
import { maxUsersRuleProblem, toVapSettings, type VapFormValues, type VapSlot, vapRequest } from './wifi-form'

export interface VapFormProps {
  deviceId: number
  slot: VapSlot
  options: WifiOptions
  values: VapFormValues
  /** the encryption the device has for this AP (undefined: it has no such AP yet) */
  storedEncryption: string | undefined
  canEdit: boolean
}

const rules = sectionRules(vapSettings, toVapSettings)

/** A virtual AP (1-3): another network on one of the radios, with its own VLAN. */
export function VapForm({ deviceId, slot, options, values, storedEncryption, canEdit }: VapFormProps) {
  const { t } = useTranslation()
  const setWifi = useSetWifi(deviceId)

  return (
    <SettingsForm<VapFormValues>
      name={`vap-${slot}`}
      values={values}
      canEdit={canEdit}
      violationPrefix={['vaps', slot]}
      onSave={(edited) => setWifi.mutateAsync({ id: deviceId, settings: vapRequest(slot, edited) })}
    >
      <FieldGrid>
        <Form.Item name="enabled" label={t('deviceSettings.wifi.vapEnabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="band" label={t('deviceSettings.wifi.band')} rules={rules(['band'])}>
          <Select
            options={options.radios.map((radio) => ({ value: radio.band, label: bandLabel(t, radio.band) }))}
          />
        </Form.Item>
        <Form.Item name="ssid" label={t('deviceSettings.wifi.ssid')} rules={rules(['ssid'])}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="hidden" label={t('deviceSettings.wifi.hidden')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <SecurityFields encryptions={options.encryptions} storedEncryption={storedEncryption} rules={rules} />
        <Form.Item
          name="maxUsers"
          label={t('deviceSettings.wifi.maxUsers')}
          dependencies={['band']}
          rules={[
            ...rules(['maxUsers']),
            ({ getFieldValue }) => ({
              validator: async (_rule, value: number | null) => {
                const bound = options.radios.find((radio) => radio.band === getFieldValue('band'))?.maxUsers
                const problem = maxUsersRuleProblem(value, bound)
                if (problem) throw new Error(translateKey(problem))
              },
            }),
          ]}
        >
          <InputNumber style={{ width: '100%' }} precision={0} />
        </Form.Item>
        <Form.Item name="isolation" label={t('deviceSettings.wifi.isolation')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="vlan"
          label={t('deviceSettings.wifi.vlan')}
          extra={t('deviceSettings.form.vlanRange')}
          rules={rules(['vlan'])}
        >
          <InputNumber style={{ width: '100%' }} precision={0} />
        </Form.Item>
      </FieldGrid>
    </SettingsForm>
  )
}
