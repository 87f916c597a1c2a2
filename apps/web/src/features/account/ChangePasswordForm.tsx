import { ErrorCode } from '@canopy/shared/errors'
import { Alert, Button, Form, Input } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../shared/api'
import { differsFromField, matchesField, showFieldErrors, zodRule } from '../../shared/forms'
import { translateKey } from '../../shared/i18n/i18n'
import { type PasswordChangeRequest, useChangePassword } from './api'

/** `account` fills a hidden username field, so password managers know whose password changes. */
export function ChangePasswordForm({ account }: { account: string | undefined }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<PasswordChangeRequest>()
  const [outcome, setOutcome] = useState<{ type: 'success' | 'error'; messageKey: string }>()
  const change = useChangePassword()

  async function handleFinish(values: PasswordChangeRequest) {
    setOutcome(undefined)
    try {
      await change.mutateAsync(values)
    } catch (error) {
      // A wrong current password is the current-password field's problem.
      if (isApiError(error) && error.hasCode(ErrorCode.ACCOUNT_OR_PASSWORD)) {
        form.setFields([{ name: 'old_password', errors: [t('password.oldPasswordWrong')] }])
        return
      }
      if (showFieldErrors(form, error)) return
      if (isApiError(error) && !error.shown) setOutcome({ type: 'error', messageKey: error.messageKey })
      return
    }
    form.resetFields()
    setOutcome({ type: 'success', messageKey: 'password.changed' })
  }

  return (
    <Form<PasswordChangeRequest>
      form={form}
      name="password"
      layout="vertical"
      onFinish={handleFinish}
      onValuesChange={() => setOutcome(undefined)}
      style={{ maxWidth: 400 }}
    >
      <input type="text" name="username" autoComplete="username" value={account ?? ''} readOnly hidden />
      <Form.Item
        name="old_password"
        label={t('password.oldPassword')}
        required
        rules={[zodRule((r) => r.passwordChangeRequest.shape.old_password)]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="new_password"
        label={t('password.newPassword')}
        extra={t('register.passwordHint')}
        dependencies={['old_password']}
        required
        rules={[zodRule((r) => r.passwordChangeRequest.shape.new_password), differsFromField('old_password')]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm_password"
        label={t('password.confirmPassword')}
        dependencies={['new_password']}
        required
        rules={[matchesField('new_password')]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      {outcome && (
        <Alert
          type={outcome.type}
          showIcon
          title={translateKey(outcome.messageKey)}
          description={outcome.type === 'success' ? t('password.otherSessionsEnded') : undefined}
          style={{ marginBottom: 16 }}
        />
      )}
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        {t('password.submit')}
      </Button>
    </Form>
  )
}
