import {
  ApartmentOutlined,
  AppstoreOutlined,
  HomeOutlined,
  QuestionCircleOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons'
import type { MenuIcon } from '@canopy/shared/routes'
import type { ReactNode } from 'react'

/** The route table names its icons; this is where the names become pictures. */
export const MENU_ICONS: Record<MenuIcon, ReactNode> = {
  home: <HomeOutlined aria-hidden />,
  device: <AppstoreOutlined aria-hidden />,
  project: <ApartmentOutlined aria-hidden />,
  maintain: <ToolOutlined aria-hidden />,
  auth: <SafetyCertificateOutlined aria-hidden />,
  account: <TeamOutlined aria-hidden />,
  user: <UserOutlined aria-hidden />,
  help: <QuestionCircleOutlined aria-hidden />,
}
