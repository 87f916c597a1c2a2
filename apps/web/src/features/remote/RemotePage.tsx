import { Flex, Result, Spin, theme } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../shared/format'
import '../../shared/i18n/device-operations-messages'
import { translateKey } from '../../shared/i18n/i18n'
import { LanguageSwitcher } from '../../shared/ui/LanguageSwitcher'
import { Logo } from '../../shared/ui/Logo'
import type { LinkProblem } from './link'
import type { RemoteLinkState } from './use-remote-link'

export interface RemotePageProps {
  title: string
  link: RemoteLinkState
  /** the page's own part, shown once the link's device is known */
  children: ReactNode
}

/**
 * The frame of /manager1 and /manager2: which device the link leads to and until when, or why
 * it leads nowhere (expired, invalid, device offline).
 */
export function RemotePage({ title, link, children }: RemotePageProps) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const problems: Record<LinkProblem, string> = {
    expired: t('deviceOperations.remote.linkExpired'),
    invalid: t('deviceOperations.remote.linkInvalid'),
    offline: t('deviceOperations.remote.deviceOffline'),
  }
  const { device, problem, failure, expiresAt } = link
  // Plain elements rather than antd Descriptions and Alert: this page's chunk then shares the
  // login page's chunks as they are, instead of splitting them (and growing the login page).
  const facts: [string, string][] = device
    ? [
        [t('deviceOperations.remote.device'), device.name || device.mac],
        [t('deviceOperations.remote.mac'), device.mac],
        [t('deviceOperations.remote.firmware'), device.firmware ?? '—'],
        [t('deviceOperations.remote.expires'), (expiresAt && formatDateTime(expiresAt.toISOString())) ?? '—'],
      ]
    : []

  return (
    <Flex vertical style={{ height: '100%', background: token.colorBgLayout }}>
      <Flex
        component="header"
        justify="space-between"
        align="center"
        gap={16}
        style={{ padding: '12px 24px', background: token.colorBgContainer }}
      >
        <Flex align="center" gap={16}>
          <Logo />
          <h1 style={{ margin: 0, fontSize: token.fontSizeHeading4, fontWeight: token.fontWeightStrong }}>
            {title}
          </h1>
        </Flex>
        <LanguageSwitcher />
      </Flex>
      <Flex component="main" vertical gap={16} style={{ flex: 1, minHeight: 0, padding: 24 }}>
        {problem || failure ? (
          <Result
            status={problem ? 'warning' : 'error'}
            title={<span role="alert">{problem ? problems[problem] : translateKey(failure ?? '')}</span>}
          />
        ) : !device ? (
          <Flex justify="center" gap={8} align="center" style={{ padding: 48 }}>
            <Spin size="small" />
            <span>{t('deviceOperations.remote.connecting')}</span>
          </Flex>
        ) : (
          <>
            <Flex
              component="dl"
              wrap
              gap="4px 32px"
              style={{
                margin: 0,
                padding: '12px 16px',
                background: token.colorBgContainer,
                borderRadius: token.borderRadiusLG,
              }}
            >
              {facts.map(([label, value]) => (
                <Flex key={label} gap={8}>
                  <dt style={{ color: token.colorTextSecondary }}>{label}</dt>
                  <dd style={{ margin: 0 }}>{value}</dd>
                </Flex>
              ))}
            </Flex>
            {children}
          </>
        )}
      </Flex>
    </Flex>
  )
}
