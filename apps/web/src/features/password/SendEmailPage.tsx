import { MailOutlined } from '@ant-design/icons'
import { ErrorCode } from '@canopy/shared/errors'
import { Button, Flex, Result, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { isApiError } from '../../shared/api'
import { translateKey } from '../../shared/i18n/i18n'
import { toast } from '../../shared/ui/feedback'
import { PublicPage } from '../../shared/ui/PublicPage'
import { useSendResetMail } from './api'
import { readResetRequest, saveResetRequest } from './reset-request'
import { useCooldown } from './use-cooldown'

/** Wait this long between two mails: the server refuses faster ones (TOO_FREQUENT). */
export const RESEND_COOLDOWN_SECONDS = 60

export function SendEmailPage() {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const [request, setRequest] = useState(readResetRequest)
  const remaining = useCooldown(request?.sentAt, RESEND_COOLDOWN_SECONDS)
  const sendMail = useSendResetMail()
  const address = searchParams.get('email') ?? request?.email ?? ''

  function restartCooldown() {
    if (!request) return
    const next = { ...request, sentAt: Date.now() }
    saveResetRequest(next)
    setRequest(next)
  }

  async function handleResend() {
    if (!request) return
    try {
      await sendMail.mutateAsync({ username: request.username, email: request.email })
    } catch (error) {
      // Too frequent: the client has said so; wait a full period before the next try.
      if (isApiError(error) && error.hasCode(ErrorCode.TOO_FREQUENT)) restartCooldown()
      else if (isApiError(error) && !error.shown) void toast.error(translateKey(error.messageKey))
      return
    }
    restartCooldown()
    void toast.success(t('sendEmail.resent'))
  }

  return (
    <PublicPage title={t('sendEmail.title')}>
      <Result
        icon={<MailOutlined aria-hidden />}
        title={t('sendEmail.sent', { email: address })}
        subTitle={t('sendEmail.hint')}
        style={{ padding: '0 0 16px' }}
      />
      <Flex vertical gap={12}>
        {request ? (
          <Button
            block
            size="large"
            onClick={handleResend}
            loading={sendMail.isPending}
            disabled={remaining > 0}
          >
            {remaining > 0 ? t('sendEmail.resendIn', { seconds: remaining }) : t('sendEmail.resend')}
          </Button>
        ) : (
          <Typography.Text type="secondary">
            {t('sendEmail.startAgain')} <Link to="/forgetpassword">{t('forget.title')}</Link>
          </Typography.Text>
        )}
        <Link to="/login" style={{ textAlign: 'center' }}>
          {t('common.backToLogin')}
        </Link>
      </Flex>
    </PublicPage>
  )
}
