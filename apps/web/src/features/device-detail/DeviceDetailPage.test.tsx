import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n, initI18n } from '../../shared/i18n/i18n'
import type { CurrentUser } from '../auth/api'
import type { DeviceInfo } from '../devices/api'
import { DeviceDetailPage } from './DeviceDetailPage'
import type { DeviceSettingsState } from './sync/settings-state'

let device: DeviceInfo
let settings: DeviceSettingsState
const user: CurrentUser = {
  uid: 1,
  name: 'boss',
  username: 'boss',
  level: 0,
  is_primary: 1,
  is_master: 1,
  bindWechat: 0,
  roles: [],
  menus: ['home', 'device'],
  device_functions: ['view', 'edit', 'reboot'],
  guest: 0,
}

vi.mock('../auth/api', () => ({ useCurrentUser: () => ({ data: user }) }))
vi.mock('../devices/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../devices/api')>()),
  useDeviceInfo: () => ({ data: device, isError: false }),
}))
vi.mock('../maintain/api', () => ({ useDeviceUpgradeStates: () => ({ data: { list: [] } }) }))
// The banner and badge beside the tabs ask their own questions (tested with their features).
vi.mock('../backups/DriftBanner', () => ({ DriftBanner: () => null }))
vi.mock('../templates/TemplateBadge', () => ({ TemplateBadge: () => null }))
// The tabs' own calls: each tab is tested on its own; here they only need to render.
vi.mock('./api', () => {
  const mutation = () => ({ mutate: vi.fn(), mutateAsync: vi.fn(), isPending: false, reset: vi.fn() })
  return {
    useDeviceSettings: () => ({ data: settings, isError: false }),
    useDeviceReports: () => ({ data: { points: [] }, isPending: false }),
    useWifiOptions: () => ({ data: undefined, isError: false }),
    useWifiClients: () => ({ data: { clients: [] }, isPending: false, isError: false }),
    useReadLog: mutation,
    useSetSystem: mutation,
    useSetNetwork: mutation,
    useSetWifi: mutation,
    useSetRepeater: mutation,
    useTimedRestart: mutation,
    useSetLed: mutation,
    useRetrySection: mutation,
    useRevertSection: mutation,
    useRestart: mutation,
    useBlink: mutation,
  }
})

function aDevice(overrides: Partial<DeviceInfo> = {}): DeviceInfo {
  return {
    id: 9,
    mac: '02:C1:01:00:00:09',
    name: 'AP-Lobby',
    remark: null,
    model: 'CAP-1200',
    type: 'ap',
    status: 'online',
    firmware: '1.4.2',
    gid: 1,
    project: 'My Project',
    project_is_root: 1,
    access_time: null,
    status_changed_at: null,
    last_seen_at: null,
    uptime: 100,
    cpu: 10,
    mem: 20,
    clients: 3,
    wan_ip: '203.0.113.7',
    telemetry: { uptime: 100, cpu: 10, mem: 20, clients: 3 },
    ...overrides,
  }
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/device/detail', Component: DeviceDetailPage }], {
    initialEntries: [url],
  })
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  )
  return router
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent)

beforeAll(async () => {
  await initI18n('en-us')
})

describe('the device detail page', () => {
  it('opens the tab the URL names, and keeps the chosen one there', async () => {
    device = aDevice()
    settings = { sections: [], desired: {}, reported: { system: { led: true } }, version: 1 }
    const router = renderAt('/device/detail?id=9&tab=log')
    expect(screen.getByRole('heading', { level: 1, name: 'AP-Lobby' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Device log', selected: true })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('tab', { name: 'Clients' }))
    expect(router.state.location.search).toBe('?id=9&tab=clients')
  })

  it('has a repeater tab only for a model that repeats', () => {
    device = aDevice()
    settings = { sections: [], desired: {}, reported: { wifi: {} }, version: 1 }
    renderAt('/device/detail?id=9&tab=repeater')
    expect(tabNames()).toEqual([
      'System',
      'Traffic',
      'Network',
      'WiFi',
      'Portal',
      'Alarm setting',
      'Device log',
      'Clients',
      'Backups',
    ])
    // A repeater tab asked for on another model falls back to System.
    expect(screen.getByRole('tab', { name: 'System', selected: true })).toBeInTheDocument()
  })

  it('shows the repeater tab when the device reports the section', () => {
    device = aDevice({ model: 'CRP-300', type: 'repeater' })
    settings = { sections: [], desired: {}, reported: { repeater: { enabled: true } }, version: 1 }
    renderAt('/device/detail?id=9')
    expect(tabNames()).toContain('Repeater')
  })

  it('says an offline device takes settings later', () => {
    device = aDevice({ status: 'offline' })
    settings = { sections: [], desired: {}, reported: {}, version: 1 }
    renderAt('/device/detail?id=9&tab=network')
    expect(
      screen.getByText(/Settings you change are kept and applied when it reconnects/),
    ).toBeInTheDocument()
  })

  it('asks for a device when the URL names none', () => {
    renderAt('/device/detail')
    expect(screen.getByText('No device was named. Open a device from the device list.')).toBeInTheDocument()
  })
})
