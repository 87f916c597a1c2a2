import { ErrorCode } from '@canopy/shared/errors'
import { Alert, Button, Form, Input, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { isApiError } from '../../shared/api'
import { matchesField, showFieldErrors, zodRule } from '../../shared/forms'
import { translateKey } from '../../shared/i18n/i18n'
import { toast } from '../../shared/ui/feedback'
import { useResetPassword } from './api'

interface ResetValues {
  password: string
  confirm_password: string
}

export interface ResetPasswordFormProps {
  token: string
  /** whose password this is (from the link check) */
  account: string
  onReset: (account: string) => void
}

export function ResetPasswordForm({ token, account, onReset }: ResetPasswordFormProps) {
  const { t } = useTranslation()
  const [form] = Form.useForm<ResetValues>()
  const [failure, setFailure] = useState<{ messageKey: string; linkProblem: boolean }>()
  const reset = useResetPassword()

  async function handleFinish(values: ResetValues) {
    setFailure(undefined)
    try {
      await reset.mutateAsync({ token, ...values })
    } catch (error) {
      if (showFieldErrors(form, error)) return
      if (isApiError(error) && !error.shown) {
        // The link may have been used or have expired while the form was open.
        const linkProblem = error.hasCode(ErrorCode.LINK_INVALID) || error.hasCode(ErrorCode.LINK_EXPIRED)
        setFailure({ messageKey: error.messageKey, linkProblem })
      }
      return
    }
    void toast.success(t('reset.success'))
    onReset(account)
  }

  return (
    <Form<ResetValues>
      form={form}
      name="reset"
      layout="vertical"
      requiredMark={false}
      onFinish={handleFinish}
    >
      <Typography.Paragraph>{t('reset.forAccount', { account })}</Typography.Paragraph>
      {/* tells password managers whose password this is */}
      <input type="text" name="username" autoComplete="username" value={account} readOnly hidden />
      <Form.Item
        name="password"
        label={t('reset.password')}
        extra={t('register.passwordHint')}
        rules={[zodRule((r) => r.resetPasswordRequest.shape.password)]}
      >
        <Input.Password autoComplete="new-password" autoFocus />
      </Form.Item>
      <Form.Item
        name="confirm_password"
        label={t('reset.confirmPassword')}
        dependencies={['password']}
        rules={[matchesField('password')]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      {failure && (
        <Alert
          type="error"
          showIcon
          title={translateKey(failure.messageKey)}
          description={
            failure.linkProblem ? <Link to="/forgetpassword">{t('reset.requestNew')}</Link> : undefined
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
        {t('reset.submit')}
      </Button>
    </Form>
  )
}
