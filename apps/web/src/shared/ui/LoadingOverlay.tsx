import { Spin } from 'antd'
import { useTranslation } from 'react-i18next'
import { useLoadingState } from './loading-overlay'

const DEFAULT_BACKGROUND = 'rgba(255, 255, 255, 0.7)'

export function LoadingOverlay() {
  const { t } = useTranslation()
  const { visible, text, background } = useLoadingState()
  if (!visible) return null
  return (
    <div
      role="status"
      aria-live="polite"
      aria-busy="true"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 2000,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 12,
        background: background ?? DEFAULT_BACKGROUND,
      }}
    >
      <Spin size="large" />
      <span>{text ?? t('common.loading')}</span>
    </div>
  )
}
