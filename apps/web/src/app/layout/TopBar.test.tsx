import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { CurrentUser } from '../../features/auth/api'
import { i18n, initI18n } from '../../shared/i18n/i18n'
import { TopBar } from './TopBar'

let user: CurrentUser

vi.mock('../../features/auth/api', () => ({ useCurrentUser: () => ({ data: user }) }))
const saveLanguage = vi.fn(async (_language: string) => null)
vi.mock('../../features/account/api', () => ({ saveLanguage: (language: string) => saveLanguage(language) }))
// The bind button's hint counts the devices; a user with some sees no hint.
vi.mock('../../features/devices/api', () => ({ useDeviceStatistics: () => ({ data: { total: 2 } }) }))
// The message button's socket and count have their own tests (features/messages).
vi.mock('../../features/messages/api', () => ({
  useNoticeSocket: () => {},
  useUnreadCount: () => ({ data: 0 }),
}))

const child: CurrentUser = {
  uid: 7,
  name: 'installer',
  username: 'installer',
  level: 1,
  is_primary: 0,
  is_master: 0,
  bindWechat: 0,
  roles: ['installers'],
  menus: ['home', 'device'],
  device_functions: ['view', 'bind'],
  guest: 0,
}
const master: CurrentUser = { ...child, uid: 1, level: 0, is_primary: 1, is_master: 1, roles: [] }

function renderTopBar(as: CurrentUser) {
  user = as
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <TopBar menuCollapsed={false} onToggleMenu={() => {}} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  )
}

const bindButton = () => screen.queryByRole('button', { name: 'Bind device' })

beforeAll(async () => {
  await initI18n('en-us')
})

describe('the top bar’s bind button (§2)', () => {
  it('shows for an account that is not the master and may bind', () => {
    renderTopBar(child)
    expect(bindButton()).toBeInTheDocument()
  })

  it('is hidden for the master account, which binds from the device list', () => {
    renderTopBar(master)
    expect(bindButton()).not.toBeInTheDocument()
  })

  it('is hidden whenever is_master is 1, whatever else the account may do', () => {
    renderTopBar({ ...child, is_master: 1 })
    expect(bindButton()).not.toBeInTheDocument()
  })

  it('is hidden for an account that may not bind', () => {
    renderTopBar({ ...child, device_functions: ['view'] })
    expect(bindButton()).not.toBeInTheDocument()
  })
})

describe('the top bar’s language switcher', () => {
  it('keeps the language switched to with the account (its pushes are written in it)', async () => {
    renderTopBar(master)
    await userEvent.click(screen.getByRole('button', { name: 'Español' }))
    await waitFor(() => expect(saveLanguage).toHaveBeenCalledWith('es'))
    await i18n.changeLanguage('en-us')
  })
})
