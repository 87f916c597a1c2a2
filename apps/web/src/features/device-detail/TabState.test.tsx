import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import '../../shared/i18n/device-settings-messages'
import { i18n, initI18n } from '../../shared/i18n/i18n'
import { TabState } from './TabState'

beforeAll(async () => {
  await initI18n('en-us')
})

describe('a device tab that could not load', () => {
  it('asks again for what failed, and only that', async () => {
    const failed = { isError: true, isFetching: false, refetch: vi.fn() }
    const loaded = { isError: false, isFetching: false, refetch: vi.fn() }
    render(
      <I18nextProvider i18n={i18n}>
        <TabState queries={[loaded, failed]} />
      </I18nextProvider>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(failed.refetch).toHaveBeenCalledTimes(1)
    expect(loaded.refetch).not.toHaveBeenCalled()
  })
})
