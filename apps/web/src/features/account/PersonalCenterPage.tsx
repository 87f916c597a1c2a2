import { Card, Col, Flex, Row, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { PageSpinner } from '../../shared/ui/PageSpinner'
import { PageTitle } from '../../shared/ui/PageTitle'
import { WechatCard } from '../wechat/WechatCard'
import { useProfile } from './api'
import { ChangePasswordForm } from './ChangePasswordForm'
import { ProfileForm } from './ProfileForm'

export function PersonalCenterPage() {
  const { t } = useTranslation()
  const profile = useProfile()

  return (
    <>
      <PageTitle>{t('menu.userInfo')}</PageTitle>
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={14}>
          <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('profile.title')}</h2>}>
            {profile.data ? (
              <ProfileForm profile={profile.data} />
            ) : profile.isError ? (
              <Typography.Text type="danger">{t('errors.userInfoFailed')}</Typography.Text>
            ) : (
              <PageSpinner />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Flex vertical gap={24}>
            <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('password.title')}</h2>}>
              <ChangePasswordForm account={profile.data?.username} />
            </Card>
            {profile.data && <WechatCard profile={profile.data} />}
          </Flex>
        </Col>
      </Row>
    </>
  )
}
