import { isJsonObject } from '@canopy/shared/protocol'
import { ENCRYPTIONS, type Encryption, repeaterSettings } from '@canopy/shared/validation'
import { Form, Input, Select, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import { translateKey } from '../../../shared/i18n/i18n'
import { useDeviceSettings, useSetRepeater, useWifiOptions } from '../api'
import { FieldGrid } from '../forms/FieldGrid'
import { SecretInput } from '../forms/SecretInput'
import { SettingsCard } from '../forms/SettingsCard'
import { SettingsForm } from '../forms/SettingsForm'
import { sectionRules } from '../forms/section-rules'
import { bandLabel, encryptionLabels } from '../labels'
import { SyncState } from '../sync/SyncState'
import { sectionSync, sectionValues } from '../sync/settings-state'
import { TabState } from '../TabState'
import { newSecretProblem } from '../wifi/wifi-form'
import { type RepeaterFormValues, repeaterFormValues, toRepeaterSettings } from './repeater-form'

const rules = sectionRules(repeaterSettings, toRepeaterSettings)

/** Repeater: the upstream network a repeater-capable model joins and repeats (§3). */
export function RepeaterTab({ deviceId, canEdit }: { deviceId: number; canEdit: boolean }) {
  const { t } = useTranslation()
  const settings = useDeviceSettings(deviceId)
  const options = useWifiOptions(deviceId)
  const setRepeater = useSetRepeater(deviceId)
  if (!settings.data || !options.data) return <TabState queries={[settings, options]} />

  const section = sectionValues(settings.data, 'repeater')
  const values = repeaterFormValues(section, options.data.radios[0]?.band ?? '2g')
  // Without an uplink yet, the device has no password to keep.
  const stored = isJsonObject(section.uplink) ? String(section.uplink.encryption) : undefined
  const labels = encryptionLabels(t)
  // The uplink is another operator's network: any encryption the standard knows may be met.
  const encryptions = ENCRYPTIONS

  return (
    <>
      <SyncState
        deviceId={deviceId}
        section="repeater"
        sync={sectionSync(settings.data, 'repeater')}
        canEdit={canEdit}
      />
      <SettingsCard title={t('deviceSettings.repeater.title')}>
        <SettingsForm<RepeaterFormValues>
          name="repeater"
          values={values}
          canEdit={canEdit}
          onSave={(edited) => setRepeater.mutateAsync({ id: deviceId, settings: toRepeaterSettings(edited) })}
        >
          <FieldGrid>
            <Form.Item name="enabled" label={t('deviceSettings.repeater.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item
              name={['uplink', 'ssid']}
              label={t('deviceSettings.repeater.ssid')}
              rules={rules(['uplink', 'ssid'])}
            >
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item
              name={['uplink', 'band']}
              label={t('deviceSettings.wifi.band')}
              rules={rules(['uplink', 'band'])}
            >
              <Select
                options={options.data.radios.map((radio) => ({
                  value: radio.band,
                  label: bandLabel(t, radio.band),
                }))}
              />
            </Form.Item>
            <Form.Item
              name={['uplink', 'encryption']}
              label={t('deviceSettings.wifi.encryption')}
              rules={rules(['uplink', 'encryption'])}
            >
              <Select
                options={encryptions.map((encryption) => ({ value: encryption, label: labels[encryption] }))}
              />
            </Form.Item>
            <Form.Item noStyle dependencies={[['uplink', 'encryption']]}>
              {({ getFieldValue }) =>
                getFieldValue(['uplink', 'encryption']) !== 'none' && (
                  <Form.Item
                    name={['uplink', 'password']}
                    label={t('deviceSettings.repeater.password')}
                    dependencies={[['uplink', 'encryption']]}
                    rules={[
                      ...rules(['uplink', 'password']),
                      ({ getFieldValue: value }) => ({
                        validator: async () => {
                          const encryption = value(['uplink', 'encryption']) as Encryption
                          const problem = newSecretProblem(stored, encryption, value(['uplink', 'password']))
                          if (problem) throw new Error(translateKey(problem))
                        },
                      }),
                    ]}
                  >
                    <SecretInput />
                  </Form.Item>
                )
              }
            </Form.Item>
          </FieldGrid>
        </SettingsForm>
      </SettingsCard>
    </>
  )
}
