import { render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import '../../shared/i18n/device-messages'
import { i18n, initI18n } from '../../shared/i18n/i18n'
import { BindDeviceButton } from './BindDeviceButton'

const tree = vi.hoisted(() => ({ data: [] as unknown[] | undefined }))

vi.mock('../projects/api', () => ({ useProjectTree: () => ({ data: tree.data }) }))
vi.mock('../auth/grants', () => ({ usePermits: () => () => true }))
vi.mock('./api', () => ({ useDeviceStatistics: () => ({ data: undefined }) }))

function renderButton() {
  render(
    <I18nextProvider i18n={i18n}>
      <BindDeviceButton withHint={false} />
    </I18nextProvider>,
  )
  return screen.getByRole('button', { name: /Bind device/ })
}

beforeAll(async () => {
  await initI18n('en-us')
})

describe('the bind-device button', () => {
  it('is disabled, saying why, for an account with no project to bind into', () => {
    tree.data = []
    const button = renderButton()
    expect(button).toBeDisabled()
    expect(button).toHaveAccessibleDescription('There is no project to bind a device to')
  })

  it('binds into a project the account has', () => {
    tree.data = [{ gid: 1, pid: 0, name: 'root', child: [] }]
    expect(renderButton()).toBeEnabled()
  })

  it('stays usable while the projects load', () => {
    tree.data = undefined
    expect(renderButton()).toBeEnabled()
  })
})
