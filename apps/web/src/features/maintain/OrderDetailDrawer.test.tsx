import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n, initI18n } from '../../shared/i18n/i18n'
import type { OrderDevice, OrderInfo, OrderInfoRequest } from './api'
import { OrderDetailDrawer } from './OrderDetailDrawer'

const info =
  vi.fn<
    (id: number, request: OrderInfoRequest) => { data?: OrderInfo; isPending: boolean; isError: boolean }
  >()
const retry = vi.fn(async (_request: { id: number; deviceIds?: number[] }) => ({ retried: 1 }))
vi.mock('./api', async (original) => ({
  ...(await original<typeof import('./api')>()),
  useOrderInfo: (id: number, request: OrderInfoRequest) => info(id, request),
  useRetryOrder: () => ({ mutateAsync: retry, isPending: false }),
  useCancelOrder: () => ({ mutateAsync: vi.fn(), isPending: false }),
}))

const device = (id: number, overrides: Partial<OrderDevice>): OrderDevice => ({
  device_id: id,
  mac: `02:C1:01:00:00:0${id}`,
  name: null,
  from_version: '1.0.0',
  upgrade_result: 'waiting',
  command_result: 'not_sent',
  download: null,
  progress: null,
  reason: null,
  retries: 0,
  max_retries: 3,
  updated_at: '2026-11-24T05:00:00Z',
  ...overrides,
})

function answer(
  devices: OrderDevice[],
  status: OrderInfo['order']['status'] = 'running',
  end_reason: string | null = null,
  summary: { total?: number; retriable?: number; counts?: OrderInfo['order']['counts'] } = {},
) {
  const failed = devices.filter((device) => device.upgrade_result === 'failed')
  info.mockReturnValue({
    isPending: false,
    isError: false,
    data: {
      order: {
        id: 7,
        order_no: 'UPG-20261124-7',
        model: 'CAP-1200',
        version: '2.1.0',
        device_count: summary.total ?? devices.length,
        timing: 'immediate',
        start_at: null,
        created_at: '2026-11-24T05:00:00Z',
        created_by: 'admin',
        status,
        end_reason,
        result: 'upgrading',
        counts: summary.counts ?? { waiting: 0, upgrading: 1, success: 0, failed: failed.length },
      },
      total: summary.total ?? devices.length,
      retriable: summary.retriable ?? failed.filter((device) => device.retries < device.max_retries).length,
      devices,
    },
  })
}

const rowOf = (mac: string) => screen.getByText(mac).closest('tr') as HTMLElement

beforeAll(async () => {
  await initI18n('en-us')
})

beforeEach(() => {
  info.mockReset()
  retry.mockClear()
})

function renderDrawer() {
  render(
    <I18nextProvider i18n={i18n}>
      <OrderDetailDrawer id={7} onClose={vi.fn()} />
    </I18nextProvider>,
  )
}

describe('the order detail', () => {
  it("shows each device's download progress and why a failed one failed", () => {
    answer([
      device(1, {
        upgrade_result: 'upgrading',
        command_result: 'sent',
        download: 'downloading',
        progress: 40,
      }),
      device(2, {
        upgrade_result: 'failed',
        command_result: 'failed',
        download: 'failed',
        reason: 'checksum_mismatch',
      }),
    ])
    renderDrawer()
    expect(within(rowOf('02:C1:01:00:00:01')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40')
    expect(
      within(rowOf('02:C1:01:00:00:02')).getByText('The downloaded image did not match its checksum'),
    ).toBeVisible()
    expect(screen.getByText('Refreshing every few seconds while the order runs')).toBeVisible()
  })

  it('retries a failed device below the cap, and disables retry with the reason at the cap', async () => {
    answer([
      device(1, { upgrade_result: 'failed', reason: 'old_version', retries: 1 }),
      device(2, { upgrade_result: 'failed', reason: 'timeout', retries: 3 }),
    ])
    renderDrawer()
    await userEvent.click(within(rowOf('02:C1:01:00:00:01')).getByRole('button', { name: /Retry/ }))
    expect(retry).toHaveBeenCalledWith({ id: 7, deviceIds: [1] })
    const capped = within(rowOf('02:C1:01:00:00:02')).getByRole('button', { name: /Retry/ })
    expect(capped).toBeDisabled()
    expect(capped).toHaveAccessibleDescription('Maximum retries reached')
    await userEvent.click(screen.getByRole('button', { name: 'Retry failed devices' }))
    // every failed device of the order, not only the page's: the server picks them
    expect(retry).toHaveBeenLastCalledWith({ id: 7 })
  })

  it('decides "retry failed" by the whole order, not the page shown', () => {
    answer([device(1, { upgrade_result: 'success', command_result: 'successful' })], 'finished', null, {
      total: 40,
      retriable: 3,
      counts: { waiting: 0, upgrading: 0, success: 30, failed: 10 },
    })
    renderDrawer()
    expect(screen.getByRole('button', { name: 'Retry failed devices' })).toBeEnabled()
  })

  it('asks the server for a page, and for the failed devices only when filtered', async () => {
    answer([device(1, { upgrade_result: 'failed', reason: 'timeout' })], 'running', null, {
      total: 45,
      counts: { waiting: 20, upgrading: 10, success: 10, failed: 5 },
    })
    renderDrawer()
    expect(info).toHaveBeenLastCalledWith(7, { pageIndex: 1, pageOffset: 20 })
    expect(screen.getByText('Devices: 45')).toBeVisible()
    await userEvent.click(screen.getByRole('listitem', { name: '3' }))
    expect(info).toHaveBeenLastCalledWith(7, { pageIndex: 3, pageOffset: 20 })
    await userEvent.click(screen.getByText('Failed (5)'))
    expect(info).toHaveBeenLastCalledWith(7, { pageIndex: 1, pageOffset: 20, result: 'failed' })
    expect(screen.getByText('All (45)')).toBeVisible()
  })

  it('offers no retry when nothing failed', () => {
    answer([device(1, { upgrade_result: 'success', command_result: 'successful' })], 'finished')
    renderDrawer()
    expect(screen.getByRole('button', { name: 'Retry failed devices' })).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull()
  })

  it('says why an aborted order stopped', () => {
    answer([device(1, { upgrade_result: 'failed', reason: 'download_failed' })], 'aborted', 'canary_failed')
    renderDrawer()
    expect(screen.getByText('Aborted · The canary wave failed: the rest was not sent')).toBeVisible()
  })
})
