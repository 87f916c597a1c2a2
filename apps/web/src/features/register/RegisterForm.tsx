import { ErrorCode } from '@canopy/shared/errors'
import { Alert, Button, Checkbox, Col, Form, Input, Row } from 'antd'
import { useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { isApiError } from '../../shared/api'
import { matchesField, phoneWithCountryCode, showFieldErrors, zodRule } from '../../shared/forms'
import { translateKey } from '../../shared/i18n/i18n'
import { CountryCodeSelect } from '../countries/CountryCodeSelect'
import { useRegister } from './api'

interface RegisterValues {
  username: string
  password: string
  confirm_password: string
  email: string
  country_code?: string
  phone?: string
  agreement: boolean
}

/** Codes that name one field of this form. */
const CODE_FIELDS = {
  [ErrorCode.ACCOUNT_EXISTS]: 'username',
  [ErrorCode.ACCOUNT_FORMAT]: 'username',
  [ErrorCode.EMAIL_TAKEN]: 'email',
  [ErrorCode.PHONE_TAKEN]: 'phone',
  [ErrorCode.COUNTRY_CODE_INVALID]: 'country_code',
}

export function RegisterForm({ onRegistered }: { onRegistered: (account: string) => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<RegisterValues>()
  /** i18n key of the message under the form */
  const [failure, setFailure] = useState<string>()
  const register = useRegister()

  async function handleFinish(values: RegisterValues) {
    setFailure(undefined)
    try {
      await register.mutateAsync({
        username: values.username,
        password: values.password,
        confirm_password: values.confirm_password,
        email: values.email,
        country_code: values.country_code || undefined,
        phone: values.phone || undefined,
        agreement: true,
      })
    } catch (error) {
      if (showFieldErrors(form, error, CODE_FIELDS)) return
      if (!isApiError(error) || !error.shown) setFailure('errors.registerFailed')
      return
    }
    onRegistered(values.username)
  }

  return (
    <Form<RegisterValues> form={form} name="register" layout="vertical" onFinish={handleFinish}>
      <Form.Item
        name="username"
        label={t('register.account')}
        extra={t('register.accountHint')}
        required
        rules={[zodRule((r) => r.registerRequest.shape.username)]}
      >
        <Input autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('register.password')}
        extra={t('register.passwordHint')}
        required
        rules={[zodRule((r) => r.registerRequest.shape.password)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm_password"
        label={t('register.confirmPassword')}
        dependencies={['password']}
        required
        rules={[matchesField('password')]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('register.email')}
        required
        rules={[zodRule((r) => r.registerRequest.shape.email)]}
      >
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Row gutter={8}>
        <Col span={9}>
          <Form.Item
            name="country_code"
            label={t('register.countryCode')}
            rules={[zodRule((r) => r.registerRequest.shape.country_code)]}
          >
            <CountryCodeSelect />
          </Form.Item>
        </Col>
        <Col span={15}>
          <Form.Item
            name="phone"
            label={t('register.phone')}
            dependencies={['country_code']}
            rules={[zodRule((r) => r.registerRequest.shape.phone), phoneWithCountryCode()]}
          >
            <Input inputMode="numeric" autoComplete="tel-national" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="agreement"
        valuePropName="checked"
        rules={[zodRule((r) => r.registerRequest.shape.agreement)]}
      >
        <Checkbox>
          {/* Underlined: a link inside a sentence must not be told apart by its colour alone. */}
          <Trans
            i18nKey="register.agreement"
            components={{ agreement: <Link to="/agreement" style={{ textDecoration: 'underline' }} /> }}
          />
        </Checkbox>
      </Form.Item>
      {failure && <Alert type="error" showIcon title={translateKey(failure)} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" block size="large" loading={register.isPending}>
        {t('register.submit')}
      </Button>
    </Form>
  )
}
