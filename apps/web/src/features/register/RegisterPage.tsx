import { Flex, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { toast } from '../../shared/ui/feedback'
import { PublicPage } from '../../shared/ui/PublicPage'
import type { LoginLocationState } from '../auth/LoginPage'
import { RegisterForm } from './RegisterForm'

export function RegisterPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()

  function handleRegistered(account: string) {
    void toast.success(t('register.success'))
    const state: LoginLocationState = { account }
    void navigate('/login', { state })
  }

  return (
    <PublicPage title={t('register.title')} width={520}>
      <RegisterForm onRegistered={handleRegistered} />
      <Flex justify="center" gap={4} style={{ marginTop: 24 }}>
        <Typography.Text type="secondary">{t('register.haveAccount')}</Typography.Text>
        <Link to="/login">{t('register.login')}</Link>
      </Flex>
    </PublicPage>
  )
}
