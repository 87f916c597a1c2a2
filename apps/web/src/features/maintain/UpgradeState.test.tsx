import { render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n, initI18n } from '../../shared/i18n/i18n'
import type { Device } from '../devices/api'
import type { DeviceUpgradeState } from './api'
import { DeviceUpgradeStatus, upgradeStateRefusal } from './UpgradeState'

let states: DeviceUpgradeState[] = []
vi.mock('./api', () => ({ useDeviceUpgradeStates: () => ({ data: { list: states } }) }))
vi.mock('../auth/grants', () => ({ usePermits: () => () => true }))

const device = (status: 'online' | 'offline') =>
  ({ id: 5, mac: '02:C1:01:00:00:05', name: null, model: 'CAP-1200', status, firmware: '1.0.0' }) as Device

beforeAll(async () => {
  await initI18n('en-us')
})

function renderStatus(status: 'online' | 'offline') {
  render(
    <I18nextProvider i18n={i18n}>
      <DeviceUpgradeStatus device={device(status)} />
    </I18nextProvider>,
  )
}

describe("a device's upgrade status", () => {
  it('offers the newer version', () => {
    states = [{ id: 5, upgrade_status: 'failed', latest_version: '2.1.0' }]
    renderStatus('online')
    expect(screen.getByText('Upgrade failed')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Upgrade to 2.1.0' })).toBeEnabled()
  })

  it('refuses an offline device with the shared rule, and offers nothing while one runs', () => {
    states = [{ id: 5, upgrade_status: null, latest_version: '2.1.0' }]
    renderStatus('offline')
    const button = screen.getByRole('button', { name: 'Upgrade to 2.1.0' })
    expect(button).toBeDisabled()
    expect(button).toHaveAccessibleDescription('Device is offline')
  })

  it('offers nothing while an upgrade is under way or nothing is newer', () => {
    states = [{ id: 5, upgrade_status: 'upgrading', latest_version: '2.1.0' }]
    renderStatus('online')
    expect(screen.getByText('Upgrading')).toBeVisible()
    expect(screen.queryByRole('button')).toBeNull()
    expect(upgradeStateRefusal({ id: 5, upgrade_status: 'success', latest_version: null })).toBe(
      'maintain.device.noNewerReason',
    )
    expect(upgradeStateRefusal(undefined)).toBeUndefined()
  })
})
