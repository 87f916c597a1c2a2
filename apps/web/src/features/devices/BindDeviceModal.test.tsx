import { describeError, ErrorCode } from '@canopy/shared/errors'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../shared/api'
import { i18n, initI18n } from '../../shared/i18n/i18n'
import type { BindRequest } from './api'
import { BindDeviceModal } from './BindDeviceModal'

const bindDevice = vi.fn<(request: BindRequest) => Promise<{ id: number }>>()
const toastSuccess = vi.fn()

vi.mock('../../shared/ui/feedback', () => ({
  toast: { error: vi.fn(), success: (text: string) => toastSuccess(text) },
}))
vi.mock('./api', () => ({ useBindDevice: () => ({ mutateAsync: bindDevice, isPending: false }) }))
vi.mock('../projects/api', () => ({
  useProjectTree: () => ({
    data: [{ gid: 1, pid: 0, name: 'stored root', child: [{ gid: 2, pid: 1, name: 'Lobby', child: [] }] }],
    isPending: false,
  }),
}))

function renderModal(onClose = vi.fn()) {
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <BindDeviceModal onClose={onClose} />
      </QueryClientProvider>
    </I18nextProvider>,
  )
  return onClose
}

/** A refusal as the API client rejects it (shown: whether it already told the user). */
function refusal(code: number, shown = false) {
  const definition = describeError(code)!
  return new ApiError([code], definition.http, null, definition.key, shown)
}

const confirmButton = () => screen.getByText('Confirm', { selector: 'button span' }).closest('button')!

async function fillIn(mac = '02:c1:01:ab:cd:ef') {
  await userEvent.type(screen.getByLabelText('Device MAC'), mac)
  await userEvent.type(screen.getByLabelText('Management password'), 'admincdef')
  const lobby = within(screen.getByRole('tree', { name: 'Project of the device' })).getByText('Lobby')
  await userEvent.click(lobby)
}

beforeAll(async () => {
  await initI18n('en-us')
})

beforeEach(() => {
  bindDevice.mockReset()
  toastSuccess.mockReset()
})

describe('BindDeviceModal (§2, §5, §8)', () => {
  it('sends the §3 payload: MAC upper case, an empty account as admin, the ticked project as a string', async () => {
    bindDevice.mockResolvedValue({ id: 5 })
    const onClose = renderModal()
    await fillIn()
    await userEvent.click(confirmButton())
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(bindDevice).toHaveBeenCalledWith({
      mac: '02:C1:01:AB:CD:EF',
      username: 'admin',
      password: 'admincdef',
      gid: '2',
    })
    expect(toastSuccess).toHaveBeenCalledWith(expect.stringContaining('Set successfully'))
  })

  it.each(['02C101ABCDEF', '02-c1-01-ab-cd-ef', '02c1.01ab.cdef', ' 02:C1:01:AB:CD:EF '])(
    'takes the MAC %j as a label or another tool writes it, and sends it as stored',
    async (form) => {
      bindDevice.mockResolvedValue({ id: 5 })
      const onClose = renderModal()
      await userEvent.click(screen.getByLabelText('Device MAC'))
      await userEvent.paste(form)
      expect(screen.getByLabelText('Device MAC')).toHaveValue('02:C1:01:AB:CD:EF')
      await userEvent.type(screen.getByLabelText('Management password'), 'admincdef')
      await userEvent.click(
        within(screen.getByRole('tree', { name: 'Project of the device' })).getByText('Lobby'),
      )
      await userEvent.click(confirmButton())
      await waitFor(() => expect(onClose).toHaveBeenCalled())
      expect(bindDevice).toHaveBeenCalledWith(expect.objectContaining({ mac: '02:C1:01:AB:CD:EF' }))
    },
  )

  it('checks the dialog’s rules before sending: password, MAC, one project', async () => {
    renderModal()
    await userEvent.type(screen.getByLabelText('Device MAC'), 'ff:ff:ff:ff:ff:ff')
    await userEvent.click(confirmButton())
    expect(await screen.findByText('Please enter the password')).toBeInTheDocument()
    expect(screen.getByText('The MAC address cannot be all F')).toBeInTheDocument()
    expect(screen.getByText('Please select a project')).toBeInTheDocument()
    expect(bindDevice).not.toHaveBeenCalled()
  })

  it('ticks one project at a time', async () => {
    renderModal()
    const tree = within(screen.getByRole('tree', { name: 'Project of the device' }))
    await userEvent.click(tree.getByText('Lobby'))
    await userEvent.click(tree.getByText('My Project'))
    const checked = screen
      .getAllByRole('treeitem')
      .filter((item) => item.getAttribute('aria-checked') === 'true')
    expect(checked).toHaveLength(1)
    expect(checked[0]).toHaveTextContent('My Project')
  })

  it('puts a MAC refusal on the MAC field', async () => {
    bindDevice.mockRejectedValue(refusal(ErrorCode.BIND_MAC_ERROR))
    const onClose = renderModal()
    await fillIn()
    await userEvent.click(confirmButton())
    expect(await screen.findByText('MAC address error')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(onClose).not.toHaveBeenCalled()
  })

  it.each([
    [ErrorCode.BIND_ERROR, 'The device account or management password is wrong'],
    [ErrorCode.DEVICE_ALREADY_BOUND, 'Device is occupied and cannot be bound'],
    [ErrorCode.PRODUCT_NOT_FOUND, 'Product does not exist'],
    [ErrorCode.DEVICE_LIMIT_REACHED, 'The device limit has been reached'],
  ])('shows refusal %i above the buttons', async (code, message) => {
    bindDevice.mockRejectedValue(refusal(code))
    renderModal()
    await fillIn()
    await userEvent.click(confirmButton())
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
  })
})
