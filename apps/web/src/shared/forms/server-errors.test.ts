import { ErrorCode } from '@canopy/shared/errors'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../api'
import { initI18n } from '../i18n/i18n'
import { showFieldErrors } from './server-errors'

beforeAll(async () => {
  await initI18n('en-us')
})

function fakeForm() {
  return { setFields: vi.fn() }
}

describe('showFieldErrors', () => {
  it('puts the server’s violations on their fields, translated', () => {
    const form = fakeForm()
    const error = new ApiError(
      [ErrorCode.INVALID_PARAMETER],
      400,
      {
        violations: [
          { field: 'email', rule: 'validation.email_set_error_tips' },
          { field: 'phone', rule: 'validation.phone_cc_together' },
        ],
      },
      'errors.invalidParameter',
      true,
    )
    expect(showFieldErrors(form, error)).toBe(true)
    expect(form.setFields).toHaveBeenCalledWith([
      { name: 'email', errors: ['Please enter a valid e-mail address'] },
      { name: 'phone', errors: ['Enter the phone number together with its country code'] },
    ])
  })

  it('puts a code the form maps to a field on that field', () => {
    const form = fakeForm()
    const error = new ApiError([ErrorCode.EMAIL_TAKEN], 409, null, 'errors.emailTaken', true)
    expect(showFieldErrors(form, error, { [ErrorCode.EMAIL_TAKEN]: 'email' })).toBe(true)
    expect(form.setFields).toHaveBeenCalledWith([{ name: 'email', errors: ['This mailbox already exists'] }])
  })

  it('shows nothing for other errors, so the caller can', () => {
    const form = fakeForm()
    const error = new ApiError([ErrorCode.MAIL_NOT_CONFIGURED], 503, null, 'errors.mailNotConfigured', false)
    expect(showFieldErrors(form, error, { [ErrorCode.EMAIL_TAKEN]: 'email' })).toBe(false)
    expect(showFieldErrors(form, new Error('boom'))).toBe(false)
    expect(form.setFields).not.toHaveBeenCalled()
  })
})
