import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n, initI18n } from '../../../shared/i18n/i18n'
import '../../../shared/i18n/device-settings-messages'
import { SyncState } from './SyncState'
import type { SectionSync } from './settings-state'

const retry = vi.fn()
const revert = vi.fn(async () => ({ operation_id: 2 }))
vi.mock('../api', () => ({
  useRetrySection: () => ({ mutate: retry, isPending: false }),
  useRevertSection: () => ({ mutateAsync: revert, isPending: false }),
}))

function sync(status: SectionSync['status'], reason: string | null = null): SectionSync {
  return {
    section: 'wifi',
    status,
    reason,
    requested_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:01.000Z',
    operation_id: 1,
  }
}

function renderState(row: SectionSync | undefined, canEdit = true) {
  return render(
    <I18nextProvider i18n={i18n}>
      <SyncState deviceId={5} section="wifi" sync={row} canEdit={canEdit} />
    </I18nextProvider>,
  )
}

const button = (name: string) => screen.queryByText(name, { selector: 'button span' })?.closest('button')

beforeAll(async () => {
  await initI18n('en-us')
})

beforeEach(() => {
  retry.mockReset()
  revert.mockClear()
})

describe('a section’s sync state', () => {
  it('shows nothing when no change was made from the console', () => {
    const { container } = renderState(undefined)
    expect(container).toBeEmptyDOMElement()
  })

  it('says the change waits for an offline device', () => {
    renderState(sync('pending'))
    expect(screen.getByText('Waiting for the device')).toBeInTheDocument()
    expect(screen.getByText(/applied when it reconnects/)).toBeInTheDocument()
  })

  it('says the change is being applied', () => {
    renderState(sync('applying'))
    expect(screen.getByText('Applying…')).toBeInTheDocument()
  })

  it('says in sync, with no retry', () => {
    renderState(sync('in_sync'))
    expect(screen.getByText('In sync')).toBeInTheDocument()
    expect(button('Retry')).toBeUndefined()
    expect(button('Revert')).toBeDefined()
  })

  it('shows a refusal with the device’s reason, and retries it', async () => {
    renderState(sync('failed', 'radio busy, retry later'))
    const alert = screen.getByRole('alert')
    expect(within(alert).getByText('The device refused the change')).toBeInTheDocument()
    expect(within(alert).getByText('Reason: radio busy, retry later')).toBeInTheDocument()
    await userEvent.click(button('Retry')!)
    expect(retry).toHaveBeenCalledWith({ id: 5, section: 'wifi' }, expect.anything())
  })

  it('reverts after asking', async () => {
    renderState(sync('failed', 'value not supported by this hardware'))
    await userEvent.click(button('Revert')!)
    expect(await screen.findByText('Revert the last change?')).toBeInTheDocument()
    const confirm = screen.getAllByText('Revert', { selector: 'button span' }).at(-1)!.closest('button')!
    await userEvent.click(confirm)
    expect(revert).toHaveBeenCalledWith({ id: 5, section: 'wifi' })
  })

  it('offers neither retry nor revert without the edit function', () => {
    renderState(sync('failed', 'configuration commit failed'), false)
    expect(screen.getByText('Reason: configuration commit failed')).toBeInTheDocument()
    expect(button('Retry')).toBeUndefined()
    expect(button('Revert')).toBeUndefined()
  })
})
