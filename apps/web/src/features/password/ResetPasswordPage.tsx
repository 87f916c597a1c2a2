import { ErrorCode } from '@canopy/shared/errors'
import { useQuery } from '@tanstack/react-query'
import { Button, Result } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { type ApiError, isApiError } from '../../shared/api'
import { PageSpinner } from '../../shared/ui/PageSpinner'
import { PublicPage } from '../../shared/ui/PublicPage'
import type { LoginLocationState } from '../auth/LoginPage'
import { resetLinkQuery } from './api'
import { ResetPasswordForm } from './ResetPasswordForm'

function LinkProblem({ error }: { error: ApiError | undefined }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const expired = error?.hasCode(ErrorCode.LINK_EXPIRED) ?? false
  const title = expired
    ? t('errors.linkExpired')
    : error && !error.hasCode(ErrorCode.LINK_INVALID) && error.shown
      ? t('reset.checkFailed')
      : t('errors.linkInvalid')
  return (
    <Result
      status={expired ? 'warning' : 'error'}
      title={title}
      subTitle={t('reset.requestNewHint')}
      extra={
        <Button type="primary" onClick={() => void navigate('/forgetpassword')}>
          {t('reset.requestNew')}
        </Button>
      }
    />
  )
}

export function ResetPasswordPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const token = useSearchParams()[0].get('token') ?? ''
  const check = useQuery({ ...resetLinkQuery(token), enabled: token !== '' })

  function handleReset(account: string) {
    const state: LoginLocationState = { account }
    void navigate('/login', { state, replace: true })
  }

  let content: ReactNode
  if (!token) content = <LinkProblem error={undefined} />
  else if (check.isPending) content = <PageSpinner />
  else if (check.isError) content = <LinkProblem error={isApiError(check.error) ? check.error : undefined} />
  else content = <ResetPasswordForm token={token} account={check.data.username} onReset={handleReset} />

  return <PublicPage title={t('reset.title')}>{content}</PublicPage>
}
