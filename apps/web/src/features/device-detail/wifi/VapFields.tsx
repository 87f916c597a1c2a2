import type { Band } from '@canopy/shared/validation'
import { Form, type FormRule, Input, InputNumber, Select, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
// The fields' labels arrive with them, on the device page and in a template alike.
import '../../../shared/i18n/device-settings-messages'
import { translateKey } from '../../../shared/i18n/i18n'
import { FieldGrid } from '../forms/FieldGrid'
import type { FieldPath } from '../forms/section-rules'
import { bandLabel } from '../labels'
import { SecurityFields } from './SecurityFields'
import { maxUsersRuleProblem } from './wifi-form'

export interface VapFieldsProps {
  /** the radios it may go on */
  bands: readonly Band[]
  encryptions: readonly string[]
  /** the encryption the AP has now (undefined: a new one, which needs a password to be secured) */
  storedEncryption: string | undefined
  /** the shared vapSettings rules, per field */
  rules: (path: FieldPath) => FormRule[]
  /** the model's most users per band; none (a template, for any model): the rule's own bound */
  maxUsersOf?: (band: Band) => number | undefined
  /** where the AP's fields are in the form (a template's ['vaps', '1']); none: at its top */
  prefix?: FieldPath
}

/**
 * A virtual AP's fields (§3, §5 through the shared vapSettings): on a device's WiFi tab and in a
 * configuration template, the same fields and rules.
 */
export function VapFields({
  bands,
  encryptions,
  storedEncryption,
  rules,
  maxUsersOf,
  prefix = [],
}: VapFieldsProps) {
  const { t } = useTranslation()
  const name = (field: string) => [...prefix, field]
  return (
    <FieldGrid>
      <Form.Item name={name('enabled')} label={t('deviceSettings.wifi.vapEnabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name={name('band')} label={t('deviceSettings.wifi.band')} rules={rules(['band'])}>
        <Select options={bands.map((band) => ({ value: band, label: bandLabel(t, band) }))} />
      </Form.Item>
      <Form.Item name={name('ssid')} label={t('deviceSettings.wifi.ssid')} rules={rules(['ssid'])}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name={name('hidden')} label={t('deviceSettings.wifi.hidden')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <SecurityFields
        encryptions={encryptions}
        storedEncryption={storedEncryption}
        rules={rules}
        prefix={prefix}
      />
      <Form.Item
        name={name('maxUsers')}
        label={t('deviceSettings.wifi.maxUsers')}
        dependencies={[name('band')]}
        rules={[
          ...rules(['maxUsers']),
          ({ getFieldValue }) => ({
            validator: async (_rule, value: number | null) => {
              const problem = maxUsersRuleProblem(value, maxUsersOf?.(getFieldValue(name('band'))))
              if (problem) throw new Error(translateKey(problem))
            },
          }),
        ]}
      >
        <InputNumber style={{ width: '100%' }} precision={0} />
      </Form.Item>
      <Form.Item name={name('isolation')} label={t('deviceSettings.wifi.isolation')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        name={name('vlan')}
        label={t('deviceSettings.wifi.vlan')}
        extra={t('deviceSettings.form.vlanRange')}
        rules={rules(['vlan'])}
      >
        <InputNumber style={{ width: '100%' }} precision={0} />
      </Form.Item>
    </FieldGrid>
  )
}
