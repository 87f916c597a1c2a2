import { useQueryClient } from '@tanstack/react-query'
import { Flex, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { afterLoginTarget } from '../../shared/navigation'
import { clearSessionQueries } from '../../shared/query'
import { PublicPage } from '../../shared/ui/PublicPage'
import { currentUserQuery } from './api'
import { LoginForm } from './LoginForm'

/** What other pages hand to the login page through the router state. */
export interface LoginLocationState {
  account?: string
}

export function LoginPage() {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [searchParams] = useSearchParams()
  const state = useLocation().state as LoginLocationState | null

  async function handleLoggedIn() {
    // A new session: nothing cached for the previous user may leak into it.
    clearSessionQueries(queryClient)
    // The guard needs the user anyway; knowing it here keeps a child out of the way back to a
    // section only the account that logged out there could open.
    const user = await queryClient.fetchQuery(currentUserQuery()).catch(() => undefined)
    void navigate(afterLoginTarget(searchParams.get('redirect'), user), { replace: true })
  }

  return (
    <PublicPage title={t('login.title')} subtitle={t('login.subtitle')}>
      <LoginForm initialAccount={state?.account} onLoggedIn={() => void handleLoggedIn()} />
      <Flex justify="center" gap={4} style={{ marginTop: 24 }}>
        <span style={{ color: token.colorTextSecondary }}>{t('login.noAccount')}</span>
        <Link to="/register">{t('login.register')}</Link>
      </Flex>
    </PublicPage>
  )
}
