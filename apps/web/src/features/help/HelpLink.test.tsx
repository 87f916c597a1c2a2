import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import { i18n, initI18n } from '../../shared/i18n/i18n'
import { HelpLink } from './HelpLink'

beforeAll(async () => {
  await initI18n('en-us')
})

function Where() {
  const { pathname } = useLocation()
  return <output aria-label="location">{pathname}</output>
}

function renderAt(path: string) {
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <HelpLink />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  )
}

describe('the top bar’s help link', () => {
  it('links to the article of the page shown', () => {
    renderAt('/device/alarm')
    expect(screen.getByRole('link', { name: 'Help for this page' })).toHaveAttribute('href', '/help/alarms')
  })

  it('opens the article inside the console on a click', async () => {
    renderAt('/maintain/tpl')
    await userEvent.click(screen.getByRole('link', { name: 'Help for this page' }))
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/help/templates')
  })
})
