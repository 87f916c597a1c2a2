import type { WifiOptions } from '@canopy/shared/protocol'
import type { Band } from '@canopy/shared/validation'
import type { FormRule } from 'antd'
import { Checkbox, Form, Input, Select, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import { loadRules, zodRule } from '../../shared/forms'
import '../../shared/i18n/device-operations-messages'
import { translateKey } from '../../shared/i18n/i18n'
import { passwordRequired } from './wifi-batch'

export interface WifiRadioFieldsProps {
  band: Band
  /** the template device's radio: what "keep the password" means depends on its encryption */
  template: Record<string, unknown>
  option: WifiOptions['radios'][number]
  options: Pick<WifiOptions, 'encryptions' | 'powers'>
}

/** One radio of the batch WiFi dialog: ticked to change it, then its SSID, security and power. */
export function WifiRadioFields({ band, template, option, options }: WifiRadioFieldsProps) {
  const { t } = useTranslation()
  const change = Form.useWatch<boolean | undefined>([band, 'change'])
  const encryption = Form.useWatch<string | undefined>([band, 'encryption'])
  const bandLabel = band === '2g' ? t('deviceOperations.wifi.bands.2g') : t('deviceOperations.wifi.bands.5g')
  const encryptionLabels: Record<string, string> = {
    none: t('deviceOperations.wifi.encryptions.none'),
    wep: t('deviceOperations.wifi.encryptions.wep'),
    'wpa2-psk': t('deviceOperations.wifi.encryptions.wpa2-psk'),
    'wpa-wpa2-psk': t('deviceOperations.wifi.encryptions.wpa-wpa2-psk'),
    'wpa3-sae': t('deviceOperations.wifi.encryptions.wpa3-sae'),
    'wpa2-wpa3': t('deviceOperations.wifi.encryptions.wpa2-wpa3'),
  }

  // Empty keeps each device's password, unless the encryption changes to one that needs a key.
  const passwordRule: FormRule = ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const chosen = String(getFieldValue([band, 'encryption']))
      const password = typeof value === 'string' ? value : ''
      if (!password) {
        if (passwordRequired({ encryption: chosen }, template))
          throw new Error(translateKey('validation.pwd_empty'))
        return
      }
      const { encryptionPasswordProblem } = await loadRules()
      const key = encryptionPasswordProblem(
        chosen as Parameters<typeof encryptionPasswordProblem>[0],
        password,
      )
      if (key) throw new Error(translateKey(key))
    },
  })

  return (
    <section aria-label={bandLabel} style={{ marginBottom: 8 }}>
      <Form.Item name={[band, 'change']} valuePropName="checked" style={{ marginBottom: change ? 12 : 8 }}>
        <Checkbox>{t('deviceOperations.wifi.change', { band: bandLabel })}</Checkbox>
      </Form.Item>
      {change && (
        <div style={{ paddingLeft: 24 }}>
          <Form.Item
            name={[band, 'enabled']}
            label={t('deviceOperations.wifi.enabled')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <Form.Item
            name={[band, 'ssid']}
            label={t('deviceOperations.wifi.ssid')}
            required
            rules={[zodRule((r) => r.ssid)]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name={[band, 'hidden']} valuePropName="checked">
            <Checkbox>{t('deviceOperations.wifi.hidden')}</Checkbox>
          </Form.Item>
          <Form.Item name={[band, 'encryption']} label={t('deviceOperations.wifi.encryption')}>
            <Select
              options={options.encryptions.map((value) => ({
                value,
                label: encryptionLabels[value] ?? value,
              }))}
            />
          </Form.Item>
          {encryption !== 'none' && (
            <Form.Item
              name={[band, 'password']}
              label={t('deviceOperations.wifi.password')}
              extra={t('deviceOperations.wifi.passwordHint')}
              dependencies={[[band, 'encryption']]}
              rules={[passwordRule]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          )}
          <Form.Item name={[band, 'power']} label={t('deviceOperations.wifi.power')}>
            <Select
              options={options.powers.map((percent) => ({
                value: percent,
                label: t('deviceOperations.wifi.powerValue', { percent }),
              }))}
            />
          </Form.Item>
          <Form.Item name={[band, 'channel']} label={t('deviceOperations.wifi.channel')}>
            <Select
              options={[
                { value: 0, label: t('deviceOperations.wifi.channelAuto') },
                ...option.channels.map((channel) => ({ value: channel, label: String(channel) })),
              ]}
            />
          </Form.Item>
        </div>
      )}
    </section>
  )
}
