import { findRouteTrail, menuFor } from '@canopy/shared/routes'
import { Menu } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { useCurrentUser } from '../../features/auth/api'
import { menuItems } from './menu-items'

/** The side menu reads the same route table and flags as the guard (§2, §6). */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { t, i18n } = useTranslation()
  const { pathname } = useLocation()
  const { data: user } = useCurrentUser()
  const language = i18n.resolvedLanguage
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels are translated inside, so they follow the language
  const items = useMemo(() => (user ? menuItems(menuFor(user)) : []), [user, language])
  const trail = findRouteTrail(pathname) ?? []
  const selected = trail.at(-1)?.path

  return (
    <nav aria-label={t('frame.mainNav')}>
      <Menu
        mode="inline"
        className="side-menu"
        items={items}
        selectedKeys={selected ? [selected] : []}
        defaultOpenKeys={collapsed ? [] : trail.slice(0, -1).map((route) => route.path)}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  )
}
