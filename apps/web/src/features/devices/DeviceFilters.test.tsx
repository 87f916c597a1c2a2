import { fireEvent, render, screen, within } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n, initI18n } from '../../shared/i18n/i18n'
import type { DeviceProduct } from './api'
import { DeviceFilters } from './DeviceFilters'

const products: DeviceProduct[] = [
  { model: 'CAP-1200', name: 'AP 1200', type: 'ap', firmware: ['1.4.2', '1.4.3'] },
  { model: 'CGW-500', name: 'Gateway 500', type: 'gateway', firmware: ['3.0.7'] },
]

beforeAll(async () => {
  await initI18n('en-us')
})

function renderFilters(firmware?: string) {
  const onChange = vi.fn()
  render(
    <I18nextProvider i18n={i18n}>
      <DeviceFilters
        request={{ pageIndex: 1, pageOffset: 10, type: 'ap', ...(firmware ? { firmware } : {}) }}
        tree={[]}
        products={products}
        onChange={onChange}
        onClear={() => {}}
      />
    </I18nextProvider>,
  )
  return onChange
}

describe('the device list’s firmware filter', () => {
  it('offers the versions of the chosen type, not free text, and filters by the one picked', () => {
    const onChange = renderFilters()
    const select = screen.getByRole('combobox', { name: 'Firmware' })
    fireEvent.mouseDown(select)
    const listbox = within(document.body)
    expect(listbox.getByTitle('1.4.3')).toBeInTheDocument()
    expect(listbox.queryByTitle('3.0.7')).not.toBeInTheDocument()
    fireEvent.click(listbox.getByTitle('1.4.2'))
    expect(onChange).toHaveBeenCalledWith({ firmware: '1.4.2' })
  })

  it('shows the version applied, and "all" clears it', () => {
    const onChange = renderFilters('1.4.3')
    const field = screen.getByRole('combobox', { name: 'Firmware' }).closest('.ant-select')!
    expect(within(field as HTMLElement).getByTitle('1.4.3')).toBeInTheDocument()
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Firmware' }))
    fireEvent.click(within(document.body).getByTitle('All firmware'))
    expect(onChange).toHaveBeenCalledWith({ firmware: undefined })
  })
})

describe('the device list’s search', () => {
  it.each(['02C101748E58', '02-c1-01-74-8e-58', '02c1.0174.8e58'])(
    'searches the MAC %j as stored',
    (form) => {
      const onChange = renderFilters()
      const search = screen.getByRole('searchbox', { name: 'Search by name or MAC' })
      fireEvent.change(search, { target: { value: ` ${form} ` } })
      fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 })
      expect(onChange).toHaveBeenCalledWith({ keyword: '02:C1:01:74:8E:58' })
    },
  )

  it('searches any other keyword as typed', () => {
    const onChange = renderFilters()
    const search = screen.getByRole('searchbox', { name: 'Search by name or MAC' })
    fireEvent.change(search, { target: { value: 'lobby-8e' } })
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 })
    expect(onChange).toHaveBeenCalledWith({ keyword: 'lobby-8e' })
  })
})
