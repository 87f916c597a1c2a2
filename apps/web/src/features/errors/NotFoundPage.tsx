import { HOME_PATH } from '@canopy/shared/routes'
import { Button, Flex, Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { LanguageSwitcher } from '../../shared/ui/LanguageSwitcher'
import { Logo } from '../../shared/ui/Logo'

export function NotFoundPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Flex vertical style={{ minHeight: '100%' }}>
      <Flex component="header" justify="space-between" align="center" style={{ padding: '16px 24px' }}>
        <Logo />
        <LanguageSwitcher />
      </Flex>
      <Flex component="main" justify="center" style={{ flex: 1 }}>
        <Result
          status="404"
          // The page's one heading, for screen readers (Result renders its title as a div).
          title={<h1 style={{ font: 'inherit', margin: 0 }}>{t('notFound.title')}</h1>}
          subTitle={t('notFound.subtitle')}
          extra={
            // Home sends a signed-out visitor on to the login page (guard).
            <Button type="primary" onClick={() => void navigate(HOME_PATH)}>
              {t('common.returnHome')}
            </Button>
          }
        />
      </Flex>
    </Flex>
  )
}
