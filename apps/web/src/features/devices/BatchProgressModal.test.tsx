import { ErrorCode } from '@canopy/shared/errors'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n, initI18n } from '../../shared/i18n/i18n'
import type { Device } from './api'
import { BatchProgressModal } from './BatchProgressModal'
import type { ProgressView } from './operations-api'
import type { OperationProgress, OperationTarget } from './progress'

const progress =
  vi.fn<
    (id: number, view: ProgressView) => { data?: OperationProgress; isPending: boolean; isError: boolean }
  >()
vi.mock('./operations-api', () => ({
  useOperationProgress: (id: number, view: ProgressView) => progress(id, view),
}))

const device = (id: number, name: string | null): Device =>
  ({ id, name, mac: `02:C1:01:00:00:0${id}`, model: 'CAP-1200', status: 'online' }) as Device
const devices = [device(1, 'Lobby'), device(2, 'Hall'), device(3, null)]

function answer(...statuses: [OperationTarget['status'], string | null][]) {
  const count = (status: OperationTarget['status']) => statuses.filter(([is]) => is === status).length
  progress.mockReturnValue({
    isPending: false,
    isError: false,
    data: {
      id: 9,
      action: 'device.restarts',
      result: 'pending',
      created_at: '2025-06-01T12:00:00Z',
      summary: {
        total: statuses.length,
        pending: count('pending'),
        applying: count('applying'),
        success: count('success'),
        failed: count('failed'),
      },
      matching: statuses.length,
      targets: statuses.map(([status, reason], index) => ({
        device_id: index + 1,
        mac: `02:C1:01:00:00:0${index + 1}`,
        status,
        reason,
        updated_at: '2025-06-01T12:00:01Z',
      })),
    },
  })
}

function renderModal(onClose = vi.fn()) {
  render(
    <I18nextProvider i18n={i18n}>
      <BatchProgressModal operationId={9} action="reboot" devices={devices} onClose={onClose} />
    </I18nextProvider>,
  )
  return onClose
}

const rowOf = (text: string) => screen.getByText(text, { selector: 'td *' }).closest('tr') as HTMLElement

beforeAll(async () => {
  await initI18n('en-us')
})

beforeEach(() => {
  progress.mockReset()
})

describe('the batch progress view', () => {
  it('shows each device, by name or MAC, with where it stands while the batch runs', () => {
    answer(['success', null], ['applying', null], ['pending', null])
    renderModal()
    const dialog = screen.getByRole('dialog', { name: 'Reboot: progress' })
    expect(within(dialog).getByRole('status')).toHaveTextContent('1 of 3 devices done')
    expect(within(rowOf('Lobby')).getByText('Done')).toBeInTheDocument()
    expect(within(rowOf('Hall')).getByText('Applying')).toBeInTheDocument()
    // A device without a name is labelled by its MAC.
    expect(within(dialog).getAllByText('02:C1:01:00:00:03')).toHaveLength(2)
    expect(within(dialog).getByText('Waiting for the device')).toBeInTheDocument()
    expect(within(dialog).getByText(/You may close this window/)).toBeInTheDocument()
    expect(within(dialog).queryByText('Done on every device.')).not.toBeInTheDocument()
  })

  it('says when every device is done', () => {
    answer(['success', null], ['success', null], ['success', null])
    renderModal()
    expect(screen.getByRole('status')).toHaveTextContent('3 of 3 devices done')
    expect(screen.getByText('Done on every device.')).toBeInTheDocument()
    expect(screen.queryByText(/You may close this window/)).not.toBeInTheDocument()
  })

  it('lists failed devices with their reason: a server code translated, the device’s words as they are', () => {
    answer(['success', null], ['failed', String(ErrorCode.DEVICE_NOT_ANSWERING)], ['failed', 'radio busy'])
    renderModal()
    expect(
      screen.getByText('Not applied on 2 of the devices: their reasons are listed below.'),
    ).toBeInTheDocument()
    const hall = rowOf('Hall')
    expect(within(hall).getByText('Failed')).toBeInTheDocument()
    expect(within(hall).getByText('The device did not answer in time')).toBeInTheDocument()
    expect(screen.getByText('radio busy')).toBeInTheDocument()
    expect(screen.queryByText('Done on every device.')).not.toBeInTheDocument()
  })

  it('asks for the devices a page at a time: a batch may hold 10,000', async () => {
    answer(...Array.from({ length: 20 }, () => ['applying', null] as [OperationTarget['status'], null]))
    const page = progress(9, { pageIndex: 1, pageOffset: 20 })
    progress.mockReturnValue({ ...page, data: { ...page.data!, matching: 45 } })
    renderModal()
    expect(progress).toHaveBeenLastCalledWith(9, { pageIndex: 1, pageOffset: 20 })
    await userEvent.click(screen.getByRole('listitem', { name: '3' }))
    expect(progress).toHaveBeenLastCalledWith(9, { pageIndex: 3, pageOffset: 20 })
  })

  it('says when the progress cannot be loaded, and closes', async () => {
    progress.mockReturnValue({ isPending: false, isError: true })
    const onClose = renderModal()
    expect(screen.getByText('The progress could not be loaded')).toBeInTheDocument()
    // the footer's button (the dialog's × is called Close too)
    await userEvent.click(screen.getByText('Close', { selector: 'button span' }))
    expect(onClose).toHaveBeenCalled()
  })
})
