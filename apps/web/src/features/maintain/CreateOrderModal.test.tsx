import { ErrorCode } from '@canopy/shared/errors'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../shared/api'
import { i18n, initI18n } from '../../shared/i18n/i18n'
import type { Device } from '../devices/api'
import type { CreateOrderRequest } from './api'
import { CreateOrderModal } from './CreateOrderModal'

const create = vi.fn(async (_request: CreateOrderRequest) => ({ id: 4, order_no: 'UPG-20261124-000004' }))
vi.mock('./api', () => ({
  useCreateOrder: () => ({ mutateAsync: create, isPending: false }),
  useUsablePackages: (model: string | undefined) => ({
    data: model ? { list: [{ id: 12, model, version: '2.1.0', filename: 'cap-2.1.0.img' }] } : undefined,
    isFetching: false,
  }),
}))
vi.mock('../auth/grants', () => ({ usePermits: () => () => true }))
vi.mock('../devices/api', () => ({ useDeviceProducts: () => ({ data: [], isPending: false }) }))
vi.mock('../projects/api', () => ({ useProjectTree: () => ({ data: [], isPending: false }) }))
vi.mock('./UpgradeDevicePicker', () => ({ UpgradeDevicePicker: () => <div>picker</div> }))

const device = (id: number, status: 'online' | 'offline', model = 'CAP-1200') =>
  ({ id, mac: `02:C1:01:00:00:0${id}`, name: null, model, status, firmware: '1.0.0' }) as Device

beforeAll(async () => {
  await initI18n('en-us')
})

beforeEach(() => {
  create.mockClear()
})

function renderModal(preset: Device[]) {
  render(
    <I18nextProvider i18n={i18n}>
      <CreateOrderModal preset={preset} onClose={vi.fn()} />
    </I18nextProvider>,
  )
}

async function chooseVersion() {
  await userEvent.click(screen.getByRole('combobox', { name: 'Firmware version' }))
  await userEvent.click(await screen.findByTitle('2.1.0 (cap-2.1.0.img)'))
}

describe('the upgrade order dialog', () => {
  it('creates an immediate order for the devices it was opened with', async () => {
    renderModal([device(1, 'online'), device(2, 'online')])
    await chooseVersion()
    await userEvent.click(screen.getByRole('button', { name: 'Create order' }))
    await waitFor(() => expect(create).toHaveBeenCalled())
    expect(create).toHaveBeenCalledWith({ packageId: 12, timing: 'immediate', deviceIds: [1, 2] })
  })

  it('refuses an offline device with the shared batch rule, unless the order waits for it', async () => {
    renderModal([device(1, 'online'), device(2, 'offline')])
    // the field's help (antd animates it in: present, not yet opaque in jsdom)
    expect(await screen.findByText('Device is offline')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Create order' })).toBeDisabled()
    await userEvent.click(screen.getByRole('button', { name: 'Advanced' }))
    await userEvent.click(screen.getByRole('switch', { name: 'Wait for offline devices' }))
    expect(screen.getByRole('button', { name: 'Create order' })).toBeEnabled()
    await chooseVersion()
    await userEvent.click(screen.getByRole('button', { name: 'Create order' }))
    await waitFor(() => expect(create).toHaveBeenCalled())
    expect(create.mock.calls[0]?.[0]).toMatchObject({ deviceIds: [1, 2], waitOffline: true })
  })

  it('refuses devices of two models', async () => {
    renderModal([device(1, 'online'), device(2, 'online', 'CAP-2000')])
    expect(await screen.findByText('The selected devices must all be of the same model')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Create order' })).toBeDisabled()
  })

  it('shows a refusal about the whole selection, which no field holds, in the dialog', async () => {
    create.mockRejectedValueOnce(
      new ApiError(
        [ErrorCode.INVALID_PARAMETER],
        400,
        { violations: [{ field: 'ids', rule: 'validation.same_model' }] },
        'errors.invalidParameter',
        false,
      ),
    )
    renderModal([device(1, 'online')])
    await chooseVersion()
    await userEvent.click(screen.getByRole('button', { name: 'Create order' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The selected devices must all be of the same model',
    )
  })
})
