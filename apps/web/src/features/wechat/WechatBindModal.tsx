import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Flex, Modal, QRCode, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../shared/api'
import { translateKey } from '../../shared/i18n/i18n'
import '../../shared/i18n/organisation-messages'
import { fetchBindQrCode } from './api'

/** How often the bind state is checked while the QR code is on screen. */
export const BIND_POLL_MS = 2000

export interface WechatBindModalProps {
  /** the child account to bind; the signed-in account itself when undefined */
  uid?: number | undefined
  /** the account's name, shown when binding someone else's account */
  account?: string | undefined
  /** whether the account is bound by now: asked every `pollMs` while the QR code is valid */
  isBound: (signal: AbortSignal) => Promise<boolean>
  onBound: () => void
  onClose: () => void
  pollMs?: number
}

/** Ticks every second while `active`. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    if (!active) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [active])
  return now
}

function minutesAndSeconds(ms: number): string {
  const seconds = Math.ceil(ms / 1000)
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

/**
 * The WeChat QR code of an account (its own, or a primary's child's): the account is bound when
 * someone scans it in WeChat; the dialog watches for that and reports it. Shared by the personal
 * center and the account list.
 */
export function WechatBindModal({
  uid,
  account,
  isBound,
  onBound,
  onClose,
  pollMs = BIND_POLL_MS,
}: WechatBindModalProps) {
  const { t } = useTranslation()
  const code = useQuery({
    queryKey: ['wechat', 'qrcode', uid ?? 'self'],
    queryFn: ({ signal }) => fetchBindQrCode(uid, signal),
    // Each opening asks for a new code; nothing is kept once the dialog is gone.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  })
  const expiresAt = code.data ? code.dataUpdatedAt + code.data.expire_seconds * 1000 : undefined
  const now = useNow(expiresAt !== undefined)
  const remaining =
    code.data && expiresAt !== undefined
      ? Math.min(code.data.expire_seconds * 1000, Math.max(0, expiresAt - now))
      : 0
  const expired = code.data !== undefined && remaining === 0

  const bound = useQuery({
    queryKey: ['wechat', 'bound', uid ?? 'self', code.dataUpdatedAt],
    queryFn: ({ signal }) => isBound(signal),
    enabled: code.isSuccess && !expired,
    refetchInterval: (query) => (query.state.data === true ? false : pollMs),
    gcTime: 0,
  })

  useEffect(() => {
    if (bound.data === true) onBound()
  }, [bound.data, onBound])

  const failure = code.error
  return (
    <Modal
      open
      title={t('wechat.bindTitle')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.cancel')}</Button>}
      width={400}
    >
      {failure ? (
        <Alert
          type="error"
          showIcon
          title={isApiError(failure) ? translateKey(failure.messageKey) : t('errors.network')}
        />
      ) : (
        <Flex vertical align="center" gap={12}>
          {account && <Typography.Text strong>{t('wechat.bindFor', { account })}</Typography.Text>}
          <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
            {t('wechat.scan')}
          </Typography.Text>
          <div role="img" aria-label={t('wechat.qrAlt')}>
            <QRCode
              value={code.data?.url ?? '-'}
              type="svg"
              size={200}
              status={code.isPending ? 'loading' : expired ? 'expired' : 'active'}
              onRefresh={() => void code.refetch()}
            />
          </div>
          <Typography.Text role="status" type={expired ? 'warning' : 'secondary'}>
            {code.isPending
              ? ''
              : expired
                ? t('wechat.expired')
                : `${t('wechat.expiresIn', { time: minutesAndSeconds(remaining) })} ${t('wechat.waiting')}`}
          </Typography.Text>
        </Flex>
      )}
    </Modal>
  )
}
