import { Flex, theme } from 'antd'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { LanguageSwitcher } from './LanguageSwitcher'
import { Logo } from './Logo'

export interface PublicPageProps {
  /** the page heading */
  title: ReactNode
  /** a line under the heading */
  subtitle?: ReactNode
  children: ReactNode
  /** card width in px */
  width?: number
}

/**
 * The frame of the pages reachable without a login: logo, language switcher, one card.
 * Plain elements styled with the theme's tokens rather than antd Card and Typography: this is
 * the login page's first paint, and those two bring Tabs, Skeleton and Tooltip along.
 */
export function PublicPage({ title, subtitle, children, width = 440 }: PublicPageProps) {
  const { token } = theme.useToken()
  return (
    <Flex
      vertical
      style={{
        minHeight: '100%',
        background: `linear-gradient(180deg, ${token.colorPrimaryBg} 0%, ${token.colorBgLayout} 360px)`,
      }}
    >
      <Flex component="header" justify="space-between" align="center" style={{ padding: '16px 24px' }}>
        <Link to="/login">
          <Logo />
        </Link>
        <LanguageSwitcher />
      </Flex>
      <Flex
        component="main"
        justify="center"
        align="flex-start"
        style={{ flex: 1, padding: '24px 16px 48px' }}
      >
        <div
          style={{
            width: '100%',
            maxWidth: width,
            padding: 32,
            background: token.colorBgContainer,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowTertiary,
            color: token.colorText,
            fontSize: token.fontSize,
            lineHeight: token.lineHeight,
          }}
        >
          <h1
            style={{
              margin: 0,
              fontSize: token.fontSizeHeading3,
              fontWeight: token.fontWeightStrong,
              color: token.colorTextHeading,
            }}
          >
            {title}
          </h1>
          {subtitle && <p style={{ margin: '8px 0 0', color: token.colorTextSecondary }}>{subtitle}</p>}
          <div style={{ marginTop: 24 }}>{children}</div>
        </div>
      </Flex>
    </Flex>
  )
}
