import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import '../../../shared/i18n/device-settings-messages'
import { i18n, initI18n } from '../../../shared/i18n/i18n'
import type { DeviceInfo } from '../../devices/api'
import { LOG_FOLLOW_MS, LogTab } from './LogTab'

const reads = vi.fn()
let deviceLines: string[] = []

// The read asks the device: here it answers at once with the lines it has now.
vi.mock('../api', async () => {
  const { useState } = await import('react')
  return {
    useReadLog: () => {
      const [data, setData] = useState<{ lines: string[] }>()
      return {
        data,
        isPending: false,
        isError: false,
        error: null,
        reset: vi.fn(),
        mutate: (_: unknown, options?: { onSuccess?: () => void }) => {
          reads()
          setData({ lines: [...deviceLines] })
          options?.onSuccess?.()
        },
      }
    },
    useSetSystem: () => ({ mutate: vi.fn(), isPending: false }),
  }
})

const device = { id: 9, name: 'ap-lobby', mac: '02:C1:01:00:00:09', status: 'online' } as DeviceInfo

function renderTab() {
  render(
    <I18nextProvider i18n={i18n}>
      <LogTab device={device} canEdit />
    </I18nextProvider>,
  )
}

beforeAll(async () => {
  await initI18n('en-us')
})

beforeEach(() => {
  reads.mockReset()
  deviceLines = [
    '2026-11-24 00:06:01 ap-lobby hostapd: 5g: STA 02:aa:bb:cc:dd:01 associated',
    '2026-11-24 00:06:01 ap-lobby dnsmasq-dhcp: DHCPACK 192.168.3.20 02:aa:bb:cc:dd:01 phone',
    '2026-11-24 00:07:12 ap-lobby kernel: reboot requested by the cloud',
  ]
})

afterEach(() => {
  vi.useRealTimers()
})

describe('the device log tab', () => {
  it('filters the lines read by text, and says how many it shows', () => {
    renderTab()
    fireEvent.click(screen.getByRole('button', { name: /Read log/ }))
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter the log' }), { target: { value: 'STA' } })
    const log = screen.getByRole('log', { name: 'Device log' })
    expect(log.textContent?.trim().split('\n')).toEqual([deviceLines[0]])
    expect(screen.getByText('1 of 3 lines')).toBeInTheDocument()
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter the log' }), {
      target: { value: 'nothing like it' },
    })
    expect(screen.getByText('No line matches the filter.')).toBeInTheDocument()
  })

  it('offers the programs the lines name as sources, and filters by one', () => {
    renderTab()
    fireEvent.click(screen.getByRole('button', { name: /Read log/ }))
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Source' }))
    fireEvent.click(within(document.body).getByTitle('kernel'))
    expect(screen.getByRole('log').textContent?.trim()).toBe(deviceLines[2])
  })

  it('follows: reads now and again every few seconds, showing lines that came since', () => {
    vi.useFakeTimers()
    renderTab()
    fireEvent.click(screen.getByRole('switch'))
    expect(reads).toHaveBeenCalledTimes(1)
    deviceLines.push('2026-11-24 00:08:00 ap-lobby canopy: applied wifi')
    act(() => vi.advanceTimersByTime(LOG_FOLLOW_MS))
    expect(reads).toHaveBeenCalledTimes(2)
    expect(screen.getByRole('log').textContent).toContain('applied wifi')
    fireEvent.click(screen.getByRole('switch'))
    act(() => vi.advanceTimersByTime(3 * LOG_FOLLOW_MS))
    expect(reads).toHaveBeenCalledTimes(2)
  })
})
