import { Card, Collapse, Flex, Typography } from 'antd'
import { useTranslation } from 'react-i18next'

// Every question and answer is a literal key, so the catalogue test sees them all.
const SECTIONS = [
  {
    id: 'getting-started',
    title: 'help.gettingStartedTitle',
    items: [
      { q: 'help.whatIsQ', a: 'help.whatIsA' },
      { q: 'help.findWayQ', a: 'help.findWayA' },
      { q: 'help.accountDetailsQ', a: 'help.accountDetailsA' },
    ],
  },
  {
    id: 'devices',
    title: 'help.devicesTitle',
    items: [
      { q: 'help.bindQ', a: 'help.bindA' },
      { q: 'help.bindFailQ', a: 'help.bindFailA' },
      { q: 'help.deviceListQ', a: 'help.deviceListA' },
      { q: 'help.batchQ', a: 'help.batchA' },
      { q: 'help.projectsQ', a: 'help.projectsA' },
      { q: 'help.childAccountsQ', a: 'help.childAccountsA' },
    ],
  },
  {
    id: 'accounts',
    title: 'help.accountsTitle',
    items: [
      { q: 'help.accountTypesQ', a: 'help.accountTypesA' },
      { q: 'help.phoneLoginQ', a: 'help.phoneLoginA' },
      { q: 'help.rememberQ', a: 'help.rememberA' },
      { q: 'help.signedOutQ', a: 'help.signedOutA' },
    ],
  },
  {
    id: 'password',
    title: 'help.passwordTitle',
    items: [
      { q: 'help.forgotQ', a: 'help.forgotA' },
      { q: 'help.linkProblemQ', a: 'help.linkProblemA' },
      { q: 'help.changePasswordQ', a: 'help.changePasswordA' },
      { q: 'help.passwordRulesQ', a: 'help.passwordRulesA' },
    ],
  },
  {
    id: 'languages',
    title: 'help.languagesTitle',
    items: [
      { q: 'help.switchLanguageQ', a: 'help.switchLanguageA' },
      { q: 'help.firstLanguageQ', a: 'help.firstLanguageA' },
    ],
  },
  {
    id: 'support',
    title: 'help.supportTitle',
    items: [
      { q: 'help.contactQ', a: 'help.contactA' },
      { q: 'help.reportQ', a: 'help.reportA' },
    ],
  },
] as const

export function HelpPage() {
  const { t } = useTranslation()
  return (
    <Flex vertical gap={24} style={{ maxWidth: 900 }}>
      <div>
        <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
          {t('menu.help')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('help.intro')}</Typography.Text>
      </div>
      {SECTIONS.map((section) => (
        <Card key={section.id} title={<h2 style={{ margin: 0, fontSize: 16 }}>{t(section.title)}</h2>}>
          <Collapse
            ghost
            items={section.items.map((item) => ({
              key: item.q,
              label: t(item.q),
              children: t(item.a)
                .split('\n\n')
                .map((paragraph) => (
                  <Typography.Paragraph key={paragraph} style={{ marginBottom: 8 }}>
                    {paragraph}
                  </Typography.Paragraph>
                )),
            }))}
          />
        </Card>
      ))}
    </Flex>
  )
}
