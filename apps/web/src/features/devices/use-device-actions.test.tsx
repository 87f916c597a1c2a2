import { describeError, ErrorCode } from '@canopy/shared/errors'
import { can, type Permission, PRIMARY_GRANTS, permits } from '@canopy/shared/permissions'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../shared/api'
import { i18n, initI18n } from '../../shared/i18n/i18n'
import type { Device } from './api'
import { BatchToolbar } from './BatchToolbar'
import { DEVICE_ACTIONS } from './list-actions'
import { useDeviceActions } from './use-device-actions'

const calls = {
  restarts: vi.fn<(ids: number[]) => Promise<{ operation_id: number }>>(),
  setleds: vi.fn<(request: { ids: number[]; led: boolean }) => Promise<{ operation_id: number }>>(),
  setwifis: vi.fn<(request: { ids: number[]; settings: unknown }) => Promise<{ operation_id: number }>>(),
}
const toastError = vi.fn()

vi.mock('../../shared/ui/feedback', () => ({
  toast: { error: (text: string) => toastError(text), success: vi.fn() },
}))
vi.mock('./api', () => ({
  useUnbindDevices: () => ({ mutateAsync: vi.fn() }),
  useDeleteDevices: () => ({ mutateAsync: vi.fn() }),
  useMoveDevices: () => ({ mutateAsync: vi.fn() }),
}))
vi.mock('./operations-api', () => ({
  useRebootDevices: () => ({ mutateAsync: calls.restarts }),
  useSetLeds: () => ({ mutateAsync: calls.setleds }),
  useSetWifis: () => ({ mutateAsync: calls.setwifis, isPending: false }),
  useSetTimedReboot: () => ({ mutateAsync: vi.fn(), isPending: false }),
  useWifiTemplate: () => ({
    isError: false,
    data: {
      options: {
        region: 'CN',
        radios: [{ band: '2g', channels: [1, 6, 11], bandwidths: ['20', '40'], maxUsers: 64 }],
        vaps: 0,
        encryptions: ['none', 'wpa2-psk'],
        powers: [100, 75, 50, 25, 12],
      },
      reported: { wifi: { '2g': { ssid: 'Office', encryption: 'wpa2-psk', channel: 6 } } },
    },
  }),
  useOperationProgress: () => ({ isPending: true, isError: false }),
}))

const device = (id: number, status: 'online' | 'offline', model = 'CAP-1200'): Device =>
  ({ id, name: `ap-${id}`, mac: `02:C1:01:00:00:0${id}`, model, status }) as Device

function Harness({
  devices,
  permitted,
}: {
  devices: Device[]
  permitted: (permission: Permission) => boolean
}) {
  const { run, dialogs } = useDeviceActions([], permitted, vi.fn())
  return (
    <>
      <BatchToolbar selection={devices} actions={DEVICE_ACTIONS} permitted={permitted} onRun={run} />
      {dialogs}
    </>
  )
}

const primary = (permission: Permission) => permits(PRIMARY_GRANTS, permission)

function renderToolbar(devices: Device[], permitted = primary) {
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <Harness devices={devices} permitted={permitted} />
      </QueryClientProvider>
    </I18nextProvider>,
  )
}

const toolbar = () => screen.getByRole('toolbar')

beforeAll(async () => {
  await initI18n('en-us')
})

beforeEach(() => {
  for (const call of Object.values(calls)) call.mockReset()
  toastError.mockReset()
})

describe('batch operations from the list (§4, §5)', () => {
  it('disables Reboot for a selection with an offline device, saying why, instead of refusing after a click', async () => {
    renderToolbar([device(1, 'online'), device(2, 'offline'), device(3, 'online')])
    const reboot = within(toolbar()).getByRole('button', { name: 'Reboot' })
    expect(reboot).toBeDisabled()
    expect(reboot).toHaveAccessibleDescription('Offline devices cannot be rebooted')
    await userEvent.hover(reboot.parentElement!)
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Offline devices cannot be rebooted')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(calls.restarts).not.toHaveBeenCalled()
    expect(toastError).not.toHaveBeenCalled()
  })

  it('disables Delete while a selected device is online, and only Delete', () => {
    renderToolbar([device(1, 'online'), device(2, 'offline')])
    const remove = within(toolbar()).getByRole('button', { name: 'Delete' })
    expect(remove).toBeDisabled()
    expect(remove).toHaveAccessibleDescription(
      'Online devices cannot be deleted: wait until they are offline, or unbind them',
    )
    expect(within(toolbar()).getByRole('button', { name: 'Unbind' })).toBeEnabled()
    expect(within(toolbar()).getByRole('button', { name: 'Move' })).toBeEnabled()
  })

  it('disables an operation the caller’s grants do not permit, sending nothing', () => {
    const allButReboot = (permission: Permission) =>
      JSON.stringify(permission) !== JSON.stringify(can.device('reboot'))
    renderToolbar([device(1, 'online'), device(2, 'online')], allButReboot)
    const reboot = within(toolbar()).getByRole('button', { name: 'Reboot' })
    expect(reboot).toBeDisabled()
    expect(reboot).toHaveAccessibleDescription('No permission')
  })

  it('reboots online devices after asking, then follows the operation', async () => {
    calls.restarts.mockResolvedValue({ operation_id: 42 })
    renderToolbar([device(1, 'online'), device(2, 'online'), device(3, 'online')])
    await userEvent.click(within(toolbar()).getByRole('button', { name: 'Reboot' }))
    const confirm = await screen.findByRole('dialog', { name: 'Reboot the 3 selected devices?' })
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reboot' }))
    expect(calls.restarts).toHaveBeenCalledWith([1, 2, 3])
    // (by its title: under jsdom antd gives every dialog the same labelling id)
    expect(await screen.findByText('Reboot: progress')).toBeInTheDocument()
  })

  it('says nothing more when the server refused and the client already said why', async () => {
    const offline = describeError(ErrorCode.DEVICE_OFFLINE)!
    calls.restarts.mockRejectedValue(new ApiError([ErrorCode.DEVICE_OFFLINE], 400, null, offline.key, true))
    renderToolbar([device(1, 'online')])
    await userEvent.click(within(toolbar()).getByRole('button', { name: 'Reboot' }))
    const confirm = await screen.findByRole('dialog', { name: 'Reboot ap-1?' })
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reboot' }))
    await waitFor(() => expect(calls.restarts).toHaveBeenCalled())
    expect(toastError).not.toHaveBeenCalled()
    expect(screen.queryByRole('dialog', { name: 'Reboot: progress' })).not.toBeInTheDocument()
  })

  it('disables WiFi for devices of different models, saying why', () => {
    renderToolbar([device(1, 'online'), device(2, 'online', 'CGW-3000')])
    const wifi = within(toolbar()).getByRole('button', { name: 'Set WiFi' })
    expect(wifi).toBeDisabled()
    expect(wifi).toHaveAccessibleDescription('The selected devices must all be of the same model')
  })

  it('shows the server’s "not one model" refusal of setwifis as its message', async () => {
    calls.setwifis.mockRejectedValue(
      new ApiError(
        [ErrorCode.INVALID_PARAMETER],
        400,
        { violations: [{ field: 'ids', rule: 'validation.same_model' }] },
        'errors.invalidParameter',
        false,
      ),
    )
    renderToolbar([device(1, 'online'), device(2, 'online')])
    await userEvent.click(within(toolbar()).getByRole('button', { name: 'Set WiFi' }))
    const dialog = await screen.findByRole('dialog', { name: 'Set WiFi' })
    await userEvent.click(within(dialog).getByLabelText('Change the 2.4 GHz radio'))
    const ssid = within(dialog).getByLabelText('SSID')
    await userEvent.clear(ssid)
    await userEvent.type(ssid, 'Lobby')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }))
    await waitFor(() => expect(calls.setwifis).toHaveBeenCalled())
    expect(calls.setwifis.mock.calls[0]?.[0]).toMatchObject({
      ids: [1, 2],
      settings: { '2g': { ssid: 'Lobby', channel: 0, encryption: 'wpa2-psk' } },
    })
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('The selected devices must all be of the same model'),
    )
  })

  it('switches the LED of the selection off and follows it', async () => {
    calls.setleds.mockResolvedValue({ operation_id: 7 })
    renderToolbar([device(1, 'online'), device(2, 'online')])
    await userEvent.click(within(toolbar()).getByRole('button', { name: /LED/ }))
    await userEvent.click(await screen.findByText('Turn the LED off'))
    expect(calls.setleds).toHaveBeenCalledWith({ ids: [1, 2], led: false })
    expect(await screen.findByRole('dialog', { name: 'LED: progress' })).toBeInTheDocument()
  })

  it('disables the LED for a selection with an offline device', async () => {
    renderToolbar([device(1, 'online'), device(2, 'offline')])
    const led = within(toolbar()).getByRole('button', { name: /LED/ })
    expect(led).toBeDisabled()
    expect(led).toHaveAccessibleDescription('Offline devices can only be set one at a time')
    expect(screen.queryByText('Turn the LED on')).not.toBeInTheDocument()
    expect(calls.setleds).not.toHaveBeenCalled()
  })
})
