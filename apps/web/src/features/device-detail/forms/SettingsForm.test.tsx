import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Form, Input } from 'antd'
import { I18nextProvider } from 'react-i18next'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n, initI18n } from '../../../shared/i18n/i18n'
import '../../../shared/i18n/device-settings-messages'
import { SettingsForm } from './SettingsForm'

vi.mock('../../../shared/ui/feedback', () => ({ toast: { error: vi.fn(), success: vi.fn() } }))

function view(values: { ssid: string }, onSave = vi.fn(async () => {})) {
  return (
    <I18nextProvider i18n={i18n}>
      <SettingsForm name="test" values={values} canEdit onSave={onSave}>
        <Form.Item name="ssid" label="SSID">
          <Input />
        </Form.Item>
      </SettingsForm>
    </I18nextProvider>
  )
}

beforeAll(async () => {
  await initI18n('en-us')
})

describe('a settings form', () => {
  it('follows the device while untouched', async () => {
    const { rerender } = render(view({ ssid: 'Old' }))
    expect(screen.getByLabelText('SSID')).toHaveValue('Old')
    rerender(view({ ssid: 'Changed elsewhere' }))
    await waitFor(() => expect(screen.getByLabelText('SSID')).toHaveValue('Changed elsewhere'))
  })

  it('keeps what the user typed until it is saved or discarded', async () => {
    const { rerender } = render(view({ ssid: 'Old' }))
    await userEvent.clear(screen.getByLabelText('SSID'))
    await userEvent.type(screen.getByLabelText('SSID'), 'Mine')
    rerender(view({ ssid: 'Reported' }))
    expect(screen.getByLabelText('SSID')).toHaveValue('Mine')
    await userEvent.click(screen.getByText('Discard changes', { selector: 'button span' }))
    await waitFor(() => expect(screen.getByLabelText('SSID')).toHaveValue('Reported'))
  })

  it('sends every value it holds, and follows the device again once saved', async () => {
    const onSave = vi.fn(async () => {})
    const { rerender } = render(view({ ssid: 'Old' }, onSave))
    await userEvent.clear(screen.getByLabelText('SSID'))
    await userEvent.type(screen.getByLabelText('SSID'), 'New')
    await userEvent.click(screen.getByText('Save', { selector: 'button span' }))
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ ssid: 'New' }))
    rerender(view({ ssid: 'Applied' }, onSave))
    await waitFor(() => expect(screen.getByLabelText('SSID')).toHaveValue('Applied'))
  })
})
