import { radioSettings, TRANSMIT_POWERS } from '@canopy/shared/validation'
import { Form, Input, InputNumber, Select, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import { translateKey } from '../../../shared/i18n/i18n'
import { useSetWifi } from '../api'
import { FieldGrid } from '../forms/FieldGrid'
import { SettingsForm } from '../forms/SettingsForm'
import { sectionRules } from '../forms/section-rules'
import { SecurityFields } from './SecurityFields'
import {
  maxUsersRuleProblem,
  type RadioFormValues,
  type RadioOptions,
  radioRequest,
  toRadioSettings,
} from './wifi-form'

export interface RadioFormProps {
  deviceId: number
  radio: RadioOptions
  encryptions: readonly string[]
  values: RadioFormValues
  canEdit: boolean
}

const rules = sectionRules(radioSettings, toRadioSettings)

/** One radio (2.4 or 5 GHz) with every §3 field; channels and bandwidths of the model and region. */
export function RadioForm({ deviceId, radio, encryptions, values, canEdit }: RadioFormProps) {
  const { t } = useTranslation()
  const setWifi = useSetWifi(deviceId)
  const stored = values.encryption

  return (
    <SettingsForm<RadioFormValues>
      name={`wifi-${radio.band}`}
      values={values}
      canEdit={canEdit}
      violationPrefix={[radio.band]}
      onSave={(edited) => setWifi.mutateAsync({ id: deviceId, settings: radioRequest(radio.band, edited) })}
    >
      <FieldGrid>
        <Form.Item name="enabled" label={t('deviceSettings.wifi.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="ssid" label={t('deviceSettings.wifi.ssid')} rules={rules(['ssid'])}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="hidden" label={t('deviceSettings.wifi.hidden')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="channel" label={t('deviceSettings.wifi.channel')} rules={rules(['channel'])}>
          <Select
            options={[
              { value: 0, label: t('deviceSettings.wifi.autoChannel') },
              ...radio.channels.map((channel) => ({ value: channel, label: String(channel) })),
            ]}
          />
        </Form.Item>
        <Form.Item name="bandwidth" label={t('deviceSettings.wifi.bandwidth')} rules={rules(['bandwidth'])}>
          <Select
            options={radio.bandwidths.map((mhz) => ({
              value: mhz,
              label: t('deviceSettings.wifi.megahertz', { mhz }),
            }))}
          />
        </Form.Item>
        <SecurityFields encryptions={encryptions} storedEncryption={stored} rules={rules} />
        <Form.Item name="power" label={t('deviceSettings.wifi.power')} rules={rules(['power'])}>
          <Select options={TRANSMIT_POWERS.map((level) => ({ value: level, label: `${level}%` }))} />
        </Form.Item>
        <Form.Item
          name="beacon"
          label={t('deviceSettings.wifi.beacon')}
          extra={t('deviceSettings.wifi.beaconRange')}
          rules={rules(['beacon'])}
        >
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="fragmentation"
          label={t('deviceSettings.wifi.fragmentation')}
          extra={t('deviceSettings.wifi.fragmentationRange')}
          rules={rules(['fragmentation'])}
        >
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="rts"
          label={t('deviceSettings.wifi.rts')}
          extra={t('deviceSettings.wifi.rtsRange')}
          rules={rules(['rts'])}
        >
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="shortGi" label={t('deviceSettings.wifi.shortGi')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="maxUsers"
          label={t('deviceSettings.wifi.maxUsers')}
          extra={t('deviceSettings.wifi.maxUsersRange', { max: radio.maxUsers })}
          rules={[
            ...rules(['maxUsers']),
            {
              validator: async (_rule, value: number | null) => {
                const problem = maxUsersRuleProblem(value, radio.maxUsers)
                if (problem) throw new Error(translateKey(problem))
              },
            },
          ]}
        >
          <InputNumber style={{ width: '100%' }} precision={0} />
        </Form.Item>
        <Form.Item name="isolation" label={t('deviceSettings.wifi.isolation')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </FieldGrid>
    </SettingsForm>
  )
}
