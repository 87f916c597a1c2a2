import type { MessageView } from '@canopy/shared/validation'
import { Space, Tag } from 'antd'
import { useTranslation } from 'react-i18next'

const COLORS = { pending: 'processing', sent: 'success', failed: 'error' } as const

/** How each push of a message went: a failed one says after how many attempts and why. */
export function PushStatus({ pushes }: { pushes: MessageView['pushes'] }) {
  const { t } = useTranslation()
  if (pushes.length === 0) return null
  return (
    <Space size={4} wrap>
      {pushes.map((push) => {
        const channel = t(`messages.push.${push.channel}`)
        return (
          <Tag key={push.channel} color={COLORS[push.status]}>
            {t(`messages.push.${push.status}`, { channel, attempts: push.attempts, error: push.error ?? '' })}
          </Tag>
        )
      })}
    </Space>
  )
}
