import { ErrorCode } from '@canopy/shared/errors'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../shared/api'
import { i18n, initI18n } from '../../shared/i18n/i18n'
import type { LoginRequest } from './api'
import { LoginForm } from './LoginForm'
import { readRememberedAccount } from './remembered-account'

const login = vi.fn<(request: LoginRequest) => Promise<void>>()

vi.mock('./api', () => ({
  useLogin: () => ({ mutateAsync: login, isPending: false }),
}))

function renderForm(onLoggedIn = vi.fn()) {
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <LoginForm onLoggedIn={onLoggedIn} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  )
  return onLoggedIn
}

beforeAll(async () => {
  await initI18n('en-us')
})

beforeEach(() => {
  login.mockReset()
  window.localStorage.clear()
})

describe('LoginForm', () => {
  it('labels every field', () => {
    renderForm()
    expect(screen.getByRole('tab', { name: 'Account login' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByLabelText('Account')).toBeInTheDocument()
    expect(screen.getByLabelText('Password')).toBeInTheDocument()
    expect(screen.getByLabelText('Remember account')).toBeInTheDocument()
  })

  it('shows the §5 rule next to the field and does not call the server', async () => {
    renderForm()
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByText('Please enter the account')).toBeInTheDocument()
    expect(await screen.findByText('Please enter the password')).toBeInTheDocument()
    expect(login).not.toHaveBeenCalled()
  })

  it('shows "account or password error" under the form', async () => {
    login.mockRejectedValue(
      new ApiError([ErrorCode.ACCOUNT_OR_PASSWORD], 400, null, 'errors.accountOrPassword', false),
    )
    const onLoggedIn = renderForm()
    await userEvent.type(screen.getByLabelText('Account'), 'alice')
    await userEvent.type(screen.getByLabelText('Password'), 'secret123')
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Account or Password error')
    expect(onLoggedIn).not.toHaveBeenCalled()
  })

  it('logs in and remembers the account when asked', async () => {
    login.mockResolvedValue()
    const onLoggedIn = renderForm()
    await userEvent.type(screen.getByLabelText('Account'), 'alice')
    await userEvent.type(screen.getByLabelText('Password'), 'secret123')
    await userEvent.click(screen.getByLabelText('Remember account'))
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }))
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalled())
    expect(login).toHaveBeenCalledWith({ login_type: 'account', username: 'alice', password: 'secret123' })
    expect(readRememberedAccount()).toEqual({
      login_type: 'account',
      username: 'alice',
      country_code: undefined,
    })
  })
})
