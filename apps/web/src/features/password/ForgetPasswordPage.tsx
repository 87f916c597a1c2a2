import { ErrorCode } from '@canopy/shared/errors'
import { Alert, Button, Form, Input, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { isApiError } from '../../shared/api'
import { showFieldErrors, zodRule } from '../../shared/forms'
import { translateKey } from '../../shared/i18n/i18n'
import { PublicPage } from '../../shared/ui/PublicPage'
import { type ResetMailRequest, useSendResetMail } from './api'
import { saveResetRequest } from './reset-request'

const CODE_FIELDS = {
  [ErrorCode.ACCOUNT_NOT_FOUND]: 'username',
  [ErrorCode.EMAIL_INCORRECT]: 'email',
}

export function ForgetPasswordPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [form] = Form.useForm<ResetMailRequest>()
  /** i18n key of the message under the form */
  const [failure, setFailure] = useState<string>()
  const sendMail = useSendResetMail()

  async function handleFinish(values: ResetMailRequest) {
    setFailure(undefined)
    let sentTo: string
    try {
      sentTo = (await sendMail.mutateAsync(values)).email
    } catch (error) {
      if (showFieldErrors(form, error, CODE_FIELDS)) return
      // Mail not configured, mail could not be sent: not a field's fault.
      if (isApiError(error) && !error.shown) setFailure(error.messageKey)
      return
    }
    saveResetRequest({ ...values, sentAt: Date.now() })
    void navigate(`/sendEmail?email=${encodeURIComponent(sentTo || values.email)}`)
  }

  return (
    <PublicPage title={t('forget.title')}>
      <Typography.Paragraph type="secondary">{t('forget.intro')}</Typography.Paragraph>
      <Form<ResetMailRequest>
        form={form}
        name="forget"
        layout="vertical"
        requiredMark={false}
        onFinish={handleFinish}
      >
        <Form.Item
          name="username"
          label={t('forget.account')}
          rules={[zodRule((r) => r.sendResetMailRequest.shape.username)]}
        >
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('forget.email')}
          rules={[zodRule((r) => r.sendResetMailRequest.shape.email)]}
        >
          <Input type="email" autoComplete="email" />
        </Form.Item>
        {failure && (
          <Alert type="error" showIcon title={translateKey(failure)} style={{ marginBottom: 16 }} />
        )}
        <Button type="primary" htmlType="submit" block size="large" loading={sendMail.isPending}>
          {t('forget.submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 24, marginBottom: 0, textAlign: 'center' }}>
        <Link to="/login">{t('common.backToLogin')}</Link>
      </Typography.Paragraph>
    </PublicPage>
  )
}
