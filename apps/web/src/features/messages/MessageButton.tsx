import { BellOutlined } from '@ant-design/icons'
import { Badge, Button } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useCurrentUser } from '../auth/api'
import { useNoticeSocket, useUnreadCount } from './api'

/** §2 top bar: the system-message button, with the unread count as a badge when above 0. */
export function MessageButton({ showLabel }: { showLabel: boolean }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { data: user } = useCurrentUser()
  useNoticeSocket(user?.uid)
  const { data: unread = 0 } = useUnreadCount()
  const label = unread > 0 ? t('frame.messagesUnread', { count: unread }) : t('frame.messages')
  return (
    <Button
      type="text"
      aria-label={label}
      data-testid="message-button"
      icon={
        <Badge count={unread} size="small" overflowCount={99} data-testid="message-badge">
          <BellOutlined aria-hidden />
        </Badge>
      }
      onClick={() => void navigate('/msg')}
    >
      {showLabel && t('frame.messages')}
    </Button>
  )
}
