import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n, initI18n } from '../../shared/i18n/i18n'
import { MessageButton } from './MessageButton'

let unread = 0
const socketFor: Array<number | undefined> = []

vi.mock('../auth/api', () => ({ useCurrentUser: () => ({ data: { uid: 7 } }) }))
vi.mock('./api', () => ({
  useNoticeSocket: (uid: number | undefined) => socketFor.push(uid),
  useUnreadCount: () => ({ data: unread }),
}))

function renderButton() {
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <MessageButton showLabel={false} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  )
}

beforeAll(async () => {
  await initI18n('en-us')
})

describe('the system-message button (§2 top bar)', () => {
  it('shows no badge at 0 unread', () => {
    unread = 0
    const { container } = renderButton()
    expect(screen.getByRole('button', { name: 'System messages' })).toBeTruthy()
    expect(container.querySelector('.ant-badge-count')).toBeNull()
  })

  it('shows the unread count above 0, and says it to assistive technology', () => {
    unread = 3
    const { container } = renderButton()
    expect(screen.getByRole('button', { name: 'System messages, 3 unread' })).toBeTruthy()
    expect(container.querySelector('.ant-badge-count')?.getAttribute('title')).toBe('3')
  })

  it('opens the signed-in account’s own notice socket', () => {
    expect(socketFor).toContain(7)
  })
})
