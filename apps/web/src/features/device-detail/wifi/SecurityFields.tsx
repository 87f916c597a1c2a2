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
  /** where the network's fields are in the form (a template's virtual AP); none: at its top */
  prefix?: FieldPath
}

/**
 * Encryption and password of a network (radio or virtual AP). The password is a secret the
 * device never reports: left empty it stays as it is, unless the encryption changes.
 */
export function SecurityFields({ encryptions, storedEncryption, rules, prefix = [] }: SecurityFieldsProps) {
  const { t } = useTranslation()
  const labels = encryptionLabels(t)
  const name = (field: string) => [...prefix, field]
  return (
    <>
      <Form.Item
        name={name('encryption')}
        label={t('deviceSettings.wifi.encryption')}
        rules={rules(['encryption'])}
      >
        <Select
          options={encryptions.map((encryption) => ({
            value: encryption,
            label: labels[encryption as Encryption] ?? encryption,
          }))}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={[name('encryption')]}>
        {({ getFieldValue }) =>
          getFieldValue(name('encryption')) !== 'none' && (
            <Form.Item
              name={name('password')}
              label={t('deviceSettings.wifi.password')}
              dependencies={[name('encryption')]}
              rules={[
                ...rules(['password']),
                ({ getFieldValue: value }) => ({
                  validator: async () => {
                    const problem = newSecretProblem(
                      storedEncryption,
                      value(name('encryption')),
                      value(name('password')),
                    )
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
