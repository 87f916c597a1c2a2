import { Card, Flex, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { PageSpinner } from '../../shared/ui/PageSpinner'
import { PageTitle } from '../../shared/ui/PageTitle'
import { useProfile } from '../account/api'
import { useCurrentUser } from '../auth/api'
import { AccountFacts } from './AccountFacts'
import { DeviceOverview } from './DeviceOverview'
import { GettingStarted } from './GettingStarted'

/** /home/main: a welcome, the project overview, the account's facts, and where to go next. */
export function HomePage() {
  const { t } = useTranslation()
  const profile = useProfile()
  const { data: user } = useCurrentUser()
  const name = profile.data?.nickname || profile.data?.username || user?.name || user?.username || ''

  return (
    <Flex vertical gap={24}>
      <div>
        <PageTitle>{t('home.greeting', { name })}</PageTitle>
        <Typography.Text type="secondary">{t('home.subtitle')}</Typography.Text>
      </div>
      <DeviceOverview />
      <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('home.accountTitle')}</h2>}>
        {profile.data ? (
          <AccountFacts profile={profile.data} />
        ) : profile.isError ? (
          <Typography.Text type="danger">{t('errors.userInfoFailed')}</Typography.Text>
        ) : (
          <PageSpinner />
        )}
      </Card>
      <GettingStarted />
    </Flex>
  )
}
