import { ArrowLeftOutlined } from '@ant-design/icons'
import { Button, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { PublicPage } from '../../shared/ui/PublicPage'

const SECTIONS = [
  { title: 'agreement.serviceTitle', body: 'agreement.serviceBody' },
  { title: 'agreement.accountTitle', body: 'agreement.accountBody' },
  { title: 'agreement.privacyTitle', body: 'agreement.privacyBody' },
  { title: 'agreement.devicesTitle', body: 'agreement.devicesBody' },
  { title: 'agreement.terminationTitle', body: 'agreement.terminationBody' },
  { title: 'agreement.liabilityTitle', body: 'agreement.liabilityBody' },
  { title: 'agreement.changesTitle', body: 'agreement.changesBody' },
] as const

export function AgreementPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const location = useLocation()

  function handleBack() {
    // Opened from the registration form: go back to it; opened directly: go to registration.
    if (location.key !== 'default') void navigate(-1)
    else void navigate('/register')
  }

  return (
    <PublicPage title={t('agreement.title')} width={760}>
      <Typography.Paragraph type="secondary">{t('agreement.updated')}</Typography.Paragraph>
      <Typography.Paragraph>{t('agreement.intro')}</Typography.Paragraph>
      {SECTIONS.map((section, index) => (
        <section key={section.title}>
          <Typography.Title level={3} style={{ fontSize: 18 }}>
            {index + 1}. {t(section.title)}
          </Typography.Title>
          {t(section.body)
            .split('\n\n')
            .map((paragraph) => (
              <Typography.Paragraph key={paragraph}>{paragraph}</Typography.Paragraph>
            ))}
        </section>
      ))}
      <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={handleBack}>
        {t('common.back')}
      </Button>
    </PublicPage>
  )
}
