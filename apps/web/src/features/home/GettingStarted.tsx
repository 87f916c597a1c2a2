import { GlobalOutlined, QuestionCircleOutlined, UserOutlined } from '@ant-design/icons'
import { Button, Card, Col, Row, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'

interface StepCardProps {
  icon: ReactNode
  title: string
  body: string
  action?: { label: string; onClick: () => void }
}

function StepCard({ icon, title, body, action }: StepCardProps) {
  return (
    <Card style={{ height: '100%' }}>
      <Typography.Title level={3} style={{ fontSize: 16, marginTop: 0 }}>
        <span style={{ marginInlineEnd: 8, color: 'var(--canopy-primary)' }}>{icon}</span>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{body}</Typography.Paragraph>
      {action && <Button onClick={action.onClick}>{action.label}</Button>}
    </Card>
  )
}

export function GettingStarted() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <section aria-labelledby="getting-started">
      <Typography.Title level={2} id="getting-started" style={{ fontSize: 18 }}>
        {t('home.gettingStarted')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <StepCard
            icon={<UserOutlined aria-hidden />}
            title={t('home.profileCardTitle')}
            body={t('home.profileCardBody')}
            action={{ label: t('home.profileCardAction'), onClick: () => void navigate('/user_info') }}
          />
        </Col>
        <Col xs={24} md={8}>
          <StepCard
            icon={<QuestionCircleOutlined aria-hidden />}
            title={t('home.helpCardTitle')}
            body={t('home.helpCardBody')}
            action={{ label: t('home.helpCardAction'), onClick: () => void navigate('/help') }}
          />
        </Col>
        <Col xs={24} md={8}>
          <StepCard
            icon={<GlobalOutlined aria-hidden />}
            title={t('home.languageCardTitle')}
            body={t('home.languageCardBody')}
          />
        </Col>
      </Row>
    </section>
  )
}
