import type { Encryption } from '@canopy/shared/validation'
import { Form, type FormRule, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { translateKey } from '../../../shared/i18n/i18n'
import { SecretInput } from '../forms/SecretInput'
import type { FieldPath } from '../forms/section-rules'
import { encryptionLabels } from '../labels'
import { newSecretProblem } from './wifi-form'

export interface SecurityFieldsProps {
  encryptions: readonly string[]
  /** the encryption the device has now (undefined: a network it does not have yet) */
  storedEncryption: string | undefined
  rules: (path: FieldPath) => FormRule[]
}

/**
 * Encryption and password of a network (radio or virtual AP). The password is a secret the
 * device never reports: left empty it stays as it is, unless the encryption changes.
 */
export function SecurityFields({ encryptions, storedEncryption, rules }: SecurityFieldsProps) {
  const { t } = useTranslation()
  const labels = encryptionLabels(t)
  return (
    <>
      <Form.Item name="encryption" label={t('deviceSettings.wifi.encryption')} rules={rules(['encryption'])}>
        <Select
          options={encryptions.map((encryption) => ({
            value: encryption,
            label: labels[encryption as Encryption] ?? encryption,
          }))}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['encryption']}>
        {({ getFieldValue }) =>
          getFieldValue('encryption') !== 'none' && (
            <Form.Item
              name="password"
              label={t('deviceSettings.wifi.password')}
              dependencies={['encryption']}
              rules={[
                ...rules(['password']),
                ({ getFieldValue: value }) => ({
                  validator: async () => {
                    const problem = newSecretProblem(storedEncryption, value('encryption'), value('password'))
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
    </>
  )
}
