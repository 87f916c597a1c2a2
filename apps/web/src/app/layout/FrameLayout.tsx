import { Layout } from 'antd'
import { useState } from 'react'
import { Outlet, useRouteLoaderData } from 'react-router'
import { ForbiddenView } from '../../features/errors/ForbiddenView'
import type { GuardOutcome } from '../guard-loader'
import { SideMenu } from './SideMenu'
import { TopBar } from './TopBar'

/** Below antd's lg breakpoint, the Sider's `breakpoint="lg"`. */
const NARROW = '(max-width: 991.98px)'

/** The main frame (§2): top bar (header), side menu (nav), and the page (main). */
export function FrameLayout() {
  // Start folded on narrow screens, where the Sider's breakpoint would fold it anyway.
  const [menuCollapsed, setMenuCollapsed] = useState(() => window.matchMedia(NARROW).matches)
  const forbidden = useRouteLoaderData<GuardOutcome>('root')?.forbidden === true

  return (
    <Layout style={{ minHeight: '100%' }}>
      <TopBar menuCollapsed={menuCollapsed} onToggleMenu={() => setMenuCollapsed((value) => !value)} />
      <Layout>
        <Layout.Sider
          theme="light"
          width={220}
          collapsible
          collapsed={menuCollapsed}
          trigger={null}
          breakpoint="lg"
          onBreakpoint={setMenuCollapsed}
          style={{ borderInlineEnd: '1px solid #f0f0f0' }}
        >
          <SideMenu collapsed={menuCollapsed} />
        </Layout.Sider>
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>
          {forbidden ? <ForbiddenView /> : <Outlet />}
        </Layout.Content>
      </Layout>
    </Layout>
  )
}
