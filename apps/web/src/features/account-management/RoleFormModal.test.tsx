import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n, initI18n } from '../../shared/i18n/i18n'
import type { Role, RoleDevice, RoleRequest } from './api'
import { RoleFormModal } from './RoleFormModal'

const addRole = vi.fn<(request: RoleRequest) => Promise<{ id: number }>>()
const saveRole = vi.fn<(request: RoleRequest & { id: number }) => Promise<Role>>()
/** The tenant's devices, as the device list call would find them. */
const tenantDevices: RoleDevice[] = [
  { id: 31, mac: '02:00:00:00:00:31', name: 'Lobby' },
  { id: 32, mac: '02:00:00:00:00:32', name: 'Kitchen' },
  { id: 33, mac: '02:00:00:00:00:33', name: null },
]
const searches = vi.fn<(keyword: string) => void>()

vi.mock('../../shared/ui/feedback', () => ({ toast: { error: vi.fn(), success: vi.fn() } }))
vi.mock('./api', () => ({
  useAddRole: () => ({ mutateAsync: addRole, isPending: false }),
  useSaveRole: () => ({ mutateAsync: saveRole, isPending: false }),
  useDeviceSearch: (keyword: string, enabled: boolean) => {
    if (enabled) searches(keyword)
    const wanted = keyword.toLowerCase()
    return {
      data: enabled
        ? tenantDevices.filter((device) =>
            `${device.name ?? ''} ${device.mac}`.toLowerCase().includes(wanted),
          )
        : undefined,
      isFetching: false,
      isError: false,
    }
  },
}))

function renderModal(role?: Role, onClose = vi.fn()) {
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <RoleFormModal role={role} tree={[{ gid: 1, pid: 0, name: 'root', child: [] }]} onClose={onClose} />
      </QueryClientProvider>
    </I18nextProvider>,
  )
  return onClose
}

const checkbox = (label: string) => screen.getByLabelText(label) as HTMLInputElement

/** The dialog's save button, found by its text (role queries are slow with antd's styles in jsdom). */
const saveButton = () => screen.getByText('Save', { selector: 'button span' }).closest('button')!

beforeAll(async () => {
  await initI18n('en-us')
})

beforeEach(() => {
  addRole.mockReset()
  saveRole.mockReset()
  searches.mockReset()
})

describe('RoleFormModal', () => {
  it('offers the project section and the ten device functions', () => {
    renderModal()
    expect(checkbox('Project management')).not.toBeChecked()
    expect(checkbox('Move between projects')).toBeEnabled()
    expect(screen.queryByLabelText('Home')).not.toBeInTheDocument()
  })

  it('unticks and disables every device function but "view" when guest is ticked', async () => {
    renderModal()
    await userEvent.click(checkbox('View'))
    await userEvent.click(checkbox('Reboot'))
    await userEvent.click(screen.getByLabelText('Guest'))
    await waitFor(() => expect(checkbox('Reboot')).not.toBeChecked())
    expect(checkbox('Reboot')).toBeDisabled()
    expect(checkbox('Upgrade')).toBeDisabled()
    expect(checkbox('View')).toBeChecked()
    expect(checkbox('View')).toBeEnabled()

    await userEvent.click(screen.getByLabelText('Guest'))
    await waitFor(() => expect(checkbox('Reboot')).toBeEnabled())
    expect(checkbox('Reboot')).not.toBeChecked()
  })

  it('sends a guest role with "view" only', async () => {
    addRole.mockResolvedValue({ id: 9 })
    const onClose = renderModal()
    await userEvent.type(screen.getByLabelText('Role name'), 'Visitors')
    await userEvent.click(checkbox('Project management'))
    await userEvent.click(checkbox('View'))
    await userEvent.click(checkbox('Delete'))
    await userEvent.click(screen.getByLabelText('Guest'))
    await userEvent.click(saveButton())
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(addRole).toHaveBeenCalledWith({
      name: 'Visitors',
      menus: ['project'],
      device_functions: ['view'],
      project_ids: [],
      device_ids: [],
      guest: true,
    })
  })

  it('shows the role rule next to the name and sends nothing', async () => {
    renderModal()
    await userEvent.type(screen.getByLabelText('Role name'), 'far too long a name')
    await userEvent.click(saveButton())
    expect(
      await screen.findByText('Role name: 1-10 letters, digits, Chinese characters, underscores or hyphens'),
    ).toBeInTheDocument()
    expect(addRole).not.toHaveBeenCalled()
  })

  it('edits a role with what it has', async () => {
    const role: Role = {
      id: 4,
      name: 'Shops',
      menus: ['project'],
      device_functions: ['view', 'reboot'],
      guest: 0,
      project_ids: [1],
      device_ids: [31],
      devices: [tenantDevices[0]!],
      account_count: 2,
      device_count: 5,
      created_at: '2026-01-01T00:00:00.000Z',
    }
    saveRole.mockResolvedValue(role)
    renderModal(role)
    expect(checkbox('Reboot')).toBeChecked()
    // The role's device reads as its name before any search.
    expect(screen.getByText('Lobby (02:00:00:00:00:31)')).toBeInTheDocument()
    await userEvent.click(saveButton())
    await waitFor(() =>
      expect(saveRole).toHaveBeenCalledWith({
        id: 4,
        name: 'Shops',
        menus: ['project'],
        device_functions: ['view', 'reboot'],
        project_ids: [1],
        device_ids: [31],
        guest: false,
      }),
    )
  })

  it('searches the tenant’s devices by name or MAC on the server and sends the chosen ones', async () => {
    addRole.mockResolvedValue({ id: 10 })
    const onClose = renderModal()
    await userEvent.type(screen.getByLabelText('Role name'), 'Kitchens')
    await userEvent.type(screen.getByLabelText('Devices'), 'kitch')
    await waitFor(() => expect(searches).toHaveBeenCalledWith('kitch'))
    await userEvent.click(await screen.findByText('Kitchen (02:00:00:00:00:32)', { selector: 'div' }))
    await userEvent.type(screen.getByLabelText('Devices'), ':33')
    await userEvent.click(await screen.findByText('02:00:00:00:00:33', { selector: 'div' }))
    await userEvent.click(saveButton())
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(addRole).toHaveBeenCalledWith(expect.objectContaining({ name: 'Kitchens', device_ids: [32, 33] }))
  })
})
