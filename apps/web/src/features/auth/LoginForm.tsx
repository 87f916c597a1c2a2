import { LockOutlined, UserOutlined } from '@ant-design/icons'
import { Alert, Button, Checkbox, Flex, Form } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { isApiError } from '../../shared/api'
import { showFieldErrors, zodRule } from '../../shared/forms'
import { translateKey } from '../../shared/i18n/i18n'
import { Input, PasswordInput } from '../../shared/ui/inputs'
import { TabSwitch } from '../../shared/ui/TabSwitch'
import { type LoginRequest, useLogin } from './api'
import { type RememberedAccount, readRememberedAccount, rememberAccount } from './remembered-account'

const PhoneFields = lazy(() => import('./PhoneFields').then((m) => ({ default: m.PhoneFields })))

type LoginType = LoginRequest['login_type']

interface LoginValues {
  username?: string
  country_code?: string
  phone?: string
  password: string
  remember: boolean
}

export interface LoginFormProps {
  /** an account name to start with (after registering or resetting a password) */
  initialAccount?: string | undefined
  onLoggedIn: () => void
}

function initialValuesFor(initialAccount: string | undefined, remembered: RememberedAccount | undefined) {
  if (initialAccount) return { username: initialAccount, remember: Boolean(remembered) }
  if (!remembered) return { remember: false }
  return remembered.login_type === 'phone'
    ? { phone: remembered.username, country_code: remembered.country_code, remember: true }
    : { username: remembered.username, remember: true }
}

export function LoginForm({ initialAccount, onLoggedIn }: LoginFormProps) {
  const { t } = useTranslation()
  const [form] = Form.useForm<LoginValues>()
  const [remembered] = useState(readRememberedAccount)
  const [loginType, setLoginType] = useState<LoginType>(
    initialAccount ? 'account' : (remembered?.login_type ?? 'account'),
  )
  /** i18n key of the message under the form */
  const [failure, setFailure] = useState<string>()
  const login = useLogin()

  function handleTabChange(key: LoginType) {
    setLoginType(key)
    setFailure(undefined)
  }

  async function handleFinish(values: LoginValues) {
    setFailure(undefined)
    const request: LoginRequest =
      loginType === 'phone'
        ? {
            login_type: 'phone',
            username: values.phone ?? '',
            country_code: values.country_code ?? '',
            password: values.password,
          }
        : { login_type: 'account', username: values.username ?? '', password: values.password }
    try {
      await login.mutateAsync(request)
    } catch (error) {
      if (showFieldErrors(form, error)) return
      if (isApiError(error) && error.shown) return
      // "Account or password error" and the like belong under the form (§8: unlisted codes).
      setFailure(isApiError(error) ? error.messageKey : 'errors.loginFailed')
      return
    }
    rememberAccount(
      values.remember
        ? { login_type: request.login_type, username: request.username, country_code: request.country_code }
        : undefined,
    )
    onLoggedIn()
  }

  return (
    <Form<LoginValues>
      form={form}
      name="login"
      layout="vertical"
      requiredMark={false}
      initialValues={initialValuesFor(initialAccount, remembered)}
      onFinish={handleFinish}
      onValuesChange={() => setFailure(undefined)}
    >
      <TabSwitch
        id="login-type"
        activeKey={loginType}
        onChange={handleTabChange}
        items={[
          { key: 'account', label: t('login.tabAccount') },
          { key: 'phone', label: t('login.tabPhone') },
        ]}
      >
        {loginType === 'account' ? (
          <Form.Item name="username" label={t('login.account')} rules={[zodRule((r) => r.loginAccount)]}>
            <Input prefix={<UserOutlined aria-hidden />} autoComplete="username" autoFocus />
          </Form.Item>
        ) : (
          <Suspense fallback={<div style={{ height: 86 }} aria-busy="true" />}>
            <PhoneFields />
          </Suspense>
        )}
        <Form.Item name="password" label={t('login.password')} rules={[zodRule((r) => r.loginPassword)]}>
          <PasswordInput prefix={<LockOutlined aria-hidden />} autoComplete="current-password" />
        </Form.Item>
      </TabSwitch>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox>{t('login.remember')}</Checkbox>
        </Form.Item>
        <Link to="/forgetpassword">{t('login.forgot')}</Link>
      </Flex>
      {failure && <Alert type="error" showIcon title={translateKey(failure)} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
        {t('login.submit')}
      </Button>
    </Form>
  )
}
