import { HOME_PATH } from '@canopy/shared/routes'
import { Button, Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'

/**
 * A frame page the user's role lacks (403): shown inside the main frame, with the menu, so the
 * user sees the page exists and can go elsewhere — not the "page not found" illustration.
 */
export function ForbiddenView() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Result
      status="403"
      // The page's one heading, for screen readers (Result renders its title as a div).
      title={<h1 style={{ font: 'inherit', margin: 0 }}>{t('forbidden.title')}</h1>}
      subTitle={t('forbidden.subtitle')}
      extra={
        <Button type="primary" onClick={() => void navigate(HOME_PATH)}>
          {t('common.returnHome')}
        </Button>
      }
    />
  )
}
