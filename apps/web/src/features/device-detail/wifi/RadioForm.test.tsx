import { ErrorCode } from '@canopy/shared/errors'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../shared/api'
import { i18n, initI18n } from '../../../shared/i18n/i18n'
import '../../../shared/i18n/device-messages'
import '../../../shared/i18n/device-settings-messages'
import { RadioForm } from './RadioForm'
import { radioFormValues } from './wifi-form'

const setWifi = vi.fn<(request: unknown) => Promise<unknown>>()
vi.mock('../api', () => ({ useSetWifi: () => ({ mutateAsync: setWifi }) }))
vi.mock('../../../shared/ui/feedback', () => ({ toast: { error: vi.fn(), success: vi.fn() } }))

const radio = { band: '5g' as const, channels: [36, 44, 149], bandwidths: ['20', '40', '80'], maxUsers: 128 }
const reported = {
  enabled: true,
  ssid: 'Canopy-5G-AB12',
  hidden: false,
  channel: 44,
  bandwidth: '80',
  encryption: 'wpa2-psk',
  power: 100,
  beacon: 100,
  fragmentation: 2346,
  rts: 2347,
  shortGi: true,
  maxUsers: 128,
  isolation: false,
}

function renderForm(canEdit = true) {
  render(
    <I18nextProvider i18n={i18n}>
      <RadioForm
        deviceId={5}
        radio={radio}
        encryptions={['none', 'wpa2-psk']}
        values={radioFormValues(reported, radio)}
        canEdit={canEdit}
      />
    </I18nextProvider>,
  )
}

const save = () => screen.getByText('Save', { selector: 'button span' }).closest('button')!

beforeAll(async () => {
  await initI18n('en-us')
})

beforeEach(() => {
  setWifi.mockReset()
  setWifi.mockResolvedValue({ operation_id: 1 })
})

describe('the radio form', () => {
  it('sends the new SSID and the typed password for that radio only', async () => {
    renderForm()
    const password = screen.getByLabelText('WiFi password')
    expect(password).toHaveValue('')
    expect(password).toHaveAttribute('placeholder', 'Unchanged (type to set a new one)')
    await userEvent.clear(screen.getByLabelText('SSID'))
    await userEvent.type(screen.getByLabelText('SSID'), 'Office-5G')
    await userEvent.type(password, 'new-secret-55')
    await userEvent.click(save())
    await waitFor(() => expect(setWifi).toHaveBeenCalledTimes(1))
    expect(setWifi).toHaveBeenCalledWith({
      id: 5,
      settings: { '5g': { ...reported, ssid: 'Office-5G', password: 'new-secret-55' } },
    })
  })

  it('keeps the password when none is typed', async () => {
    renderForm()
    await userEvent.click(save())
    await waitFor(() => expect(setWifi).toHaveBeenCalledTimes(1))
    expect(setWifi.mock.calls[0]?.[0]).toEqual({ id: 5, settings: { '5g': reported } })
  })

  it('checks the shared §5 rules before sending', async () => {
    renderForm()
    await userEvent.type(screen.getByLabelText('WiFi password'), 'short')
    await userEvent.clear(screen.getByLabelText('SSID'))
    await userEvent.type(screen.getByLabelText('SSID'), 'a"b')
    await userEvent.click(save())
    expect(
      await screen.findByText('WiFi password: 8-63 characters, or a 64-digit hexadecimal key'),
    ).toBeInTheDocument()
    expect(screen.getByText('The SSID cannot contain \\ or "')).toBeInTheDocument()
    expect(setWifi).not.toHaveBeenCalled()
  })

  it('shows the server’s refusal on its field', async () => {
    setWifi.mockRejectedValue(
      new ApiError(
        [ErrorCode.INVALID_PARAMETER],
        400,
        { violations: [{ field: '5g.channel', rule: 'validation.channel_tips' }] },
        'errors.invalidParameter',
        true,
      ),
    )
    renderForm()
    await userEvent.click(save())
    expect(
      await screen.findByText('Please choose a channel the device offers in its region'),
    ).toBeInTheDocument()
  })

  it('only shows the settings without the edit function', () => {
    renderForm(false)
    expect(screen.queryByText('Save', { selector: 'button span' })).not.toBeInTheDocument()
    expect(screen.getByLabelText('SSID')).toBeDisabled()
  })
})
