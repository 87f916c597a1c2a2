import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n, initI18n } from '../i18n/i18n'
import { ErrorWithRetry } from './ErrorWithRetry'

beforeAll(async () => {
  await initI18n('en-us')
})

describe('ErrorWithRetry', () => {
  it('says what failed and asks again on a click', async () => {
    const retry = vi.fn()
    render(
      <I18nextProvider i18n={i18n}>
        <ErrorWithRetry title="The devices could not be loaded" onRetry={retry} />
      </I18nextProvider>,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('The devices could not be loaded')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(retry).toHaveBeenCalledTimes(1)
  })
})
