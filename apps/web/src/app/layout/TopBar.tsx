import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons'
import { can } from '@canopy/shared/permissions'
import { HOME_PATH } from '@canopy/shared/routes'
import { Button, Flex, Grid, Layout } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { saveLanguage } from '../../features/account/api'
import { useCurrentUser } from '../../features/auth/api'
import { usePermits } from '../../features/auth/grants'
import { useLogout } from '../../features/auth/use-logout'
import { BindDeviceButton } from '../../features/devices/BindDeviceButton'
import { HelpLink } from '../../features/help/HelpLink'
import { MessageButton } from '../../features/messages/MessageButton'
import { LanguageSwitcher } from '../../shared/ui/LanguageSwitcher'
import { Logo } from '../../shared/ui/Logo'

export interface TopBarProps {
  menuCollapsed: boolean
  onToggleMenu: () => void
}

/** §2 top bar. */
export function TopBar({ menuCollapsed, onToggleMenu }: TopBarProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { confirmLogout, dialogs } = useLogout()
  const { data: user } = useCurrentUser()
  const permitted = usePermits()
  // §2: hidden for the master account, which binds from the device list; and for whoever may not bind.
  const showsBind = user !== undefined && user.is_master !== 1 && permitted(can.device('bind'))
  // On a phone the two buttons keep their names for assistive technology, not on screen,
  // and the logo gives way to the language buttons.
  const screens = Grid.useBreakpoint()
  const wide = screens.md ?? true
  const roomForLogo = screens.sm ?? true

  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 16,
        paddingInline: 16,
        background: '#fff',
        borderBottom: '1px solid #f0f0f0',
      }}
    >
      <Flex align="center" gap={12}>
        <Button
          type="text"
          icon={menuCollapsed ? <MenuUnfoldOutlined aria-hidden /> : <MenuFoldOutlined aria-hidden />}
          aria-label={menuCollapsed ? t('frame.expandMenu') : t('frame.collapseMenu')}
          aria-expanded={!menuCollapsed}
          onClick={onToggleMenu}
        />
        {roomForLogo && (
          <Link to={HOME_PATH}>
            <Logo />
          </Link>
        )}
      </Flex>
      <Flex align="center" gap={8}>
        {showsBind && <BindDeviceButton withHint type="text" iconOnly={!wide} />}
        <LanguageSwitcher onSwitched={saveLanguage} />
        <MessageButton showLabel={false} />
        <HelpLink />
        <Button
          type="text"
          icon={<UserOutlined aria-hidden />}
          aria-label={wide ? undefined : t('frame.personalCenter')}
          onClick={() => void navigate('/user_info')}
        >
          {wide && t('frame.personalCenter')}
        </Button>
        <Button
          type="text"
          icon={<LogoutOutlined aria-hidden />}
          aria-label={wide ? undefined : t('frame.logout')}
          onClick={confirmLogout}
        >
          {wide && t('frame.logout')}
        </Button>
      </Flex>
      {dialogs}
    </Layout.Header>
  )
}
