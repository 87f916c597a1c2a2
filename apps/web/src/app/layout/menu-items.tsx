import type { ConsoleRoute } from '@canopy/shared/routes'
import type { MenuProps } from 'antd'
import { Link } from 'react-router'
import { translateKey } from '../../shared/i18n/i18n'
import { MENU_ICONS } from './menu-icons'

type MenuItem = NonNullable<MenuProps['items']>[number]

function leaf(route: ConsoleRoute, path: string, titleKey: string): MenuItem {
  return {
    key: path,
    icon: route.icon ? MENU_ICONS[route.icon] : undefined,
    label: <Link to={path}>{translateKey(titleKey)}</Link>,
  }
}

/**
 * Menu entries for the permitted routes (menuFor). A section with a single page is one entry
 * that opens that page under the section's name (Home → /home/main); a section with several
 * pages is a submenu.
 */
export function menuItems(routes: readonly ConsoleRoute[]): MenuItem[] {
  return routes.map((route) => {
    const children = route.children ?? []
    const only = children.length === 1 ? children[0] : undefined
    if (only) return leaf(route, only.path, route.title)
    if (children.length === 0) return leaf(route, route.path, route.title)
    return {
      key: route.path,
      icon: route.icon ? MENU_ICONS[route.icon] : undefined,
      label: translateKey(route.title),
      children: children.map((child) => leaf(child, child.path, child.title)),
    }
  })
}
