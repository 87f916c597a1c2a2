import { ErrorCode } from '@canopy/shared/errors'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../shared/api'
import { i18n, initI18n } from '../../shared/i18n/i18n'
import type { WechatQrCode } from './api'
import { WechatBindModal } from './WechatBindModal'

const fetchBindQrCode = vi.fn<(uid: number | undefined) => Promise<WechatQrCode>>()

vi.mock('./api', () => ({ fetchBindQrCode: (uid: number | undefined) => fetchBindQrCode(uid) }))

function renderModal(props: Partial<Parameters<typeof WechatBindModal>[0]> = {}) {
  const handlers = { isBound: vi.fn(async () => false), onBound: vi.fn(), onClose: vi.fn() }
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <WechatBindModal pollMs={20} {...handlers} {...props} />
      </QueryClientProvider>
    </I18nextProvider>,
  )
  return { ...handlers, ...props }
}

const code: WechatQrCode = { uid: 7, url: 'http://weixin.qq.com/q/abc', ticket: 'abc', expire_seconds: 600 }

beforeAll(async () => {
  await initI18n('en-us')
})

beforeEach(() => {
  fetchBindQrCode.mockReset()
})

describe('WechatBindModal', () => {
  it('shows the QR code of the account and watches until it is bound', async () => {
    fetchBindQrCode.mockResolvedValue(code)
    const isBound = vi.fn<() => Promise<boolean>>()
    isBound.mockResolvedValueOnce(false).mockResolvedValueOnce(false).mockResolvedValue(true)
    const { onBound } = renderModal({ uid: 7, account: 'clerk', isBound })
    expect(await screen.findByText('The QR code expires in 10:00. Waiting for the scan…')).toBeInTheDocument()
    expect(screen.getByText('Binding WeChat to clerk')).toBeInTheDocument()
    await waitFor(() => expect(onBound).toHaveBeenCalledTimes(1))
    expect(isBound).toHaveBeenCalledTimes(3)
    expect(fetchBindQrCode).toHaveBeenCalledWith(7)
  })

  it('says plainly when WeChat binding is not configured', async () => {
    fetchBindQrCode.mockRejectedValue(
      new ApiError([ErrorCode.WECHAT_NOT_CONFIGURED], 503, null, 'errors.wechatNotConfigured', false),
    )
    const { isBound } = renderModal()
    expect(await screen.findByText('WeChat binding is not configured on this server')).toBeInTheDocument()
    expect(isBound).not.toHaveBeenCalled()
  })

  it('says when WeChat itself failed', async () => {
    fetchBindQrCode.mockRejectedValue(
      new ApiError([ErrorCode.WECHAT_FAILED], 502, null, 'errors.wechatFailed', false),
    )
    renderModal()
    expect(await screen.findByText('WeChat could not be reached, please try again later')).toBeInTheDocument()
  })

  it('stops watching once the QR code has expired', async () => {
    fetchBindQrCode.mockResolvedValue({ ...code, expire_seconds: 0 })
    const { isBound } = renderModal()
    expect(await screen.findByText('The QR code has expired.')).toBeInTheDocument()
    expect(isBound).not.toHaveBeenCalled()
  })
})
