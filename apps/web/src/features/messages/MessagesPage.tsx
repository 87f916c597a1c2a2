import type { MessageView } from '@canopy/shared/validation'
import { Button, Card, Modal, Space, type TableColumnsType, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { isApiError } from '../../shared/api'
import { formatCompactDateTime } from '../../shared/format'
import '../../shared/i18n/messages-messages'
import { translateKey } from '../../shared/i18n/i18n'
import { confirmDanger } from '../../shared/ui/confirm-danger'
import { toast } from '../../shared/ui/feedback'
import { PagedTable } from '../../shared/ui/PagedTable'
import { useCurrentUser } from '../auth/api'
import { MESSAGE_PAGE_SIZE, type MessageFilters, useMessageActions, useMessages } from './api'
import { MailSettingsCard } from './MailSettingsCard'
import { MessageFilterBar } from './MessageFilterBar'
import { PushStatus } from './PushStatus'

/** §2 /msg: the account's system messages, newest first; read, mark all read, delete, filter. */
export function MessagesPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [pageIndex, setPageIndex] = useState(1)
  const [filters, setFilters] = useState<MessageFilters>({})
  const list = useMessages(pageIndex, filters)
  const { markRead, markAllRead, remove } = useMessageActions()
  const [modal, dialogs] = Modal.useModal()
  const { data: user } = useCurrentUser()

  /** A refusal the API client did not show is told here; nothing else changes. */
  async function run(action: () => Promise<unknown>, done?: string) {
    try {
      await action()
      if (done) void toast.success(done)
    } catch (error) {
      if (isApiError(error) && !error.shown) void toast.error(translateKey(error.messageKey))
    }
  }

  async function handleOpen(message: MessageView) {
    if (!message.read) await run(() => markRead.mutateAsync([message.id]))
    if (message.link) void navigate(message.link)
  }

  function confirmDelete(message: MessageView) {
    confirmDanger(modal, {
      title: t('messages.deleteConfirm', { count: 1 }),
      content: t('messages.deleteContent'),
      okText: t('messages.delete'),
      cancelText: t('messages.cancel'),
      run: () => remove.mutateAsync([message.id]),
      done: t('messages.deleted'),
    })
  }

  const columns: TableColumnsType<MessageView> = [
    {
      key: 'title',
      title: t('messages.column.title'),
      render: (_value, message) => (
        <Typography.Text strong={!message.read}>
          {translateKey(message.titleKey, message.params)}
        </Typography.Text>
      ),
    },
    {
      key: 'kind',
      title: t('messages.column.kind'),
      render: (_value, message) => <Tag>{t(`messages.kinds.${message.kind}`)}</Tag>,
    },
    {
      key: 'time',
      title: t('messages.column.time'),
      render: (_value, message) => formatCompactDateTime(message.createdAt),
    },
    {
      key: 'status',
      title: t('messages.column.status'),
      render: (_value, message) =>
        message.read ? (
          <Typography.Text type="secondary">{t('messages.read')}</Typography.Text>
        ) : (
          <Tag color="blue">{t('messages.unread')}</Tag>
        ),
    },
    {
      key: 'push',
      title: t('messages.column.push'),
      render: (_value, message) => <PushStatus pushes={message.pushes} />,
    },
    {
      key: 'actions',
      title: t('messages.column.actions'),
      render: (_value, message) => (
        <Space size={4}>
          {(message.link || !message.read) && (
            <Button type="link" size="small" onClick={() => void handleOpen(message)}>
              {message.link ? t('messages.open') : t('messages.markRead')}
            </Button>
          )}
          <Button type="link" size="small" danger onClick={() => confirmDelete(message)}>
            {t('messages.delete')}
          </Button>
        </Space>
      ),
    },
  ]

  return (
    <>
      <Card title={t('menu.msg')}>
        <MessageFilterBar
          onSearch={(next) => {
            setFilters(next)
            setPageIndex(1)
          }}
        />
        <PagedTable<MessageView>
          list={list}
          columns={columns}
          rowKey={(message) => String(message.id)}
          pageIndex={pageIndex}
          pageSize={MESSAGE_PAGE_SIZE}
          onPage={setPageIndex}
          totalText={(total) => t('messages.total', { count: total })}
          loadFailed={t('messages.loadFailed')}
          empty={t('messages.empty')}
          actions={
            <Button
              loading={markAllRead.isPending}
              onClick={() => void run(() => markAllRead.mutateAsync(), t('messages.markedAllRead'))}
            >
              {t('messages.markAllRead')}
            </Button>
          }
        />
        {dialogs}
      </Card>
      {user?.is_primary === 1 && <MailSettingsCard />}
    </>
  )
}
