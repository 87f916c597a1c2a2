import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n, initI18n } from '../../shared/i18n/i18n'
import type { Role, RoleRequest } from './api'
import { RoleFormModal } from './RoleFormModal'

const addRole = vi.fn<(request: RoleRequest) => Promise<{ id: number }>>()
const saveRole = vi.fn<(request: RoleRequest & { id: number }) => Promise<Role>>()

vi.mock('../../shared/ui/feedback', () => ({ toast: { error: vi.fn(), success: vi.fn() } }))
vi.mock('./api', () => ({
  useAddRole: () => ({ mutateAsync: addRole, isPending: false }),
  useSaveRole: () => ({ mutateAsync: saveRole, isPending: false }),
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
      account_count: 2,
      created_at: '2026-01-01T00:00:00.000Z',
    }
    saveRole.mockResolvedValue(role)
    renderModal(role)
    expect(checkbox('Reboot')).toBeChecked()
    await userEvent.click(saveButton())
    await waitFor(() =>
      expect(saveRole).toHaveBeenCalledWith({
        id: 4,
        name: 'Shops',
        menus: ['project'],
        device_functions: ['view', 'reboot'],
        project_ids: [1],
        guest: false,
      }),
    )
  })
})
