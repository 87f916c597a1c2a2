import {
  Button,
  Flex,
  Input,
  Modal,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { isApiError } from '../../shared/api'
import { formatDateTime, formatPhone } from '../../shared/format'
import { translateKey } from '../../shared/i18n/i18n'
import { ErrorWithRetry } from '../../shared/ui/ErrorWithRetry'
import '../../shared/i18n/organisation-messages'
import { confirmDanger } from '../../shared/ui/confirm-danger'
import { toast } from '../../shared/ui/feedback'
import type { GroupNode } from '../projects/api'
import { useRefreshWechatStatus, useUnbindWechat } from '../wechat/api'
import { WechatBindModal } from '../wechat/WechatBindModal'
import {
  type ChildAccount,
  fetchChildAccount,
  saveRequestFor,
  useChildAccounts,
  useChildCount,
  useDeleteChildren,
  useSaveChild,
} from './api'
import { ChildAccountFormModal } from './ChildAccountFormModal'
import { listRequestOf, PAGE_SIZES, withListRequest } from './list-params'
import { ResetPasswordModal } from './ResetPasswordModal'

type Named = { uid: number; username: string }

type AccountDialog =
  | { kind: 'form'; account?: ChildAccount | undefined }
  | { kind: 'reset'; accounts: Named[] }
  | { kind: 'wechat'; account: ChildAccount }

/** The accounts tab: the primary's child accounts, searched, filtered and paged by the server. */
export function ChildAccountsTab({ tree }: { tree: readonly GroupNode[] }) {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const request = useMemo(() => listRequestOf(params), [params])
  const children = useChildAccounts(request)
  const count = useChildCount()
  const save = useSaveChild()
  const remove = useDeleteChildren()
  const unbind = useUnbindWechat()
  const refreshWechat = useRefreshWechatStatus()
  const [modal, dialogs] = Modal.useModal()
  const [dialog, setDialog] = useState<AccountDialog>()
  const [selected, setSelected] = useState<Named[]>([])
  const [switching, setSwitching] = useState<number>()
  const rootLabel = t('projects.rootName')
  const rootGid = tree.find((node) => node.pid === 0)?.gid

  const total = children.data?.total ?? 0
  // A deletion can leave the page past the end: go to the last page there is.
  useEffect(() => {
    if (children.isPlaceholderData || request.pageIndex === 1) return
    const last = Math.max(1, Math.ceil(total / request.pageOffset))
    if (children.data && request.pageIndex > last) {
      setParams(withListRequest(params, { ...request, pageIndex: last }), { replace: true })
    }
  }, [children.data, children.isPlaceholderData, total, request, params, setParams])

  function changeRequest(next: Partial<typeof request>) {
    setParams(withListRequest(params, { ...request, ...next }), { replace: true })
  }

  async function handleStatus(account: ChildAccount, enabled: boolean) {
    setSwitching(account.uid)
    try {
      await save.mutateAsync({ ...saveRequestFor(account), status: enabled ? 1 : 0 })
    } catch (error) {
      if (isApiError(error) && !error.shown) void toast.error(translateKey(error.messageKey))
      return
    } finally {
      setSwitching(undefined)
    }
    void toast.success(
      enabled
        ? t('accounts.enabledNotice', { account: account.username })
        : t('accounts.disabledNotice', { account: account.username }),
    )
  }

  function confirmDelete(accounts: Named[]) {
    const only = accounts.length === 1 ? accounts[0] : undefined
    const uids = accounts.map((account) => account.uid)
    confirmDanger(modal, {
      title: only
        ? t('accounts.deleteTitle', { account: only.username })
        : t('accounts.deleteSelectedTitle', { count: accounts.length }),
      content: t('accounts.deleteContent'),
      okText: t('accounts.delete'),
      cancelText: t('common.cancel'),
      run: () => remove.mutateAsync(uids),
      done: t('accounts.deleted'),
      afterDone: () => setSelected((current) => current.filter((account) => !uids.includes(account.uid))),
    })
  }

  function confirmUnbind(account: ChildAccount) {
    confirmDanger(modal, {
      title: t('accounts.unbindTitle', { account: account.username }),
      content: t('wechat.unbindContent'),
      okText: t('accounts.unbindWechat'),
      cancelText: t('common.cancel'),
      run: () => unbind.mutateAsync(account.uid),
      done: t('wechat.unboundNotice'),
    })
  }

  const wechatAccount = dialog?.kind === 'wechat' ? dialog.account : undefined
  const isBound = useCallback(
    async (signal: AbortSignal) =>
      wechatAccount ? (await fetchChildAccount(wechatAccount.uid, signal)).bindWechat === 1 : false,
    [wechatAccount],
  )
  const handleBound = useCallback(() => {
    setDialog(undefined)
    void refreshWechat()
    void toast.success(t('wechat.boundNotice'))
  }, [refreshWechat, t])

  const tags = (labels: string[]) => (
    <Flex gap={4} wrap>
      {labels.map((label) => (
        <Tag key={label} style={{ marginInlineEnd: 0 }}>
          {label}
        </Tag>
      ))}
    </Flex>
  )

  const columns: TableColumnsType<ChildAccount> = [
    { title: t('accounts.username'), dataIndex: 'username', fixed: 'left' },
    { title: t('accounts.nickname'), dataIndex: 'nickname' },
    { title: t('accounts.email'), dataIndex: 'email' },
    {
      title: t('accounts.phone'),
      key: 'phone',
      render: (_, account) => formatPhone(account.country_code, account.phone),
    },
    { title: t('accounts.address'), dataIndex: 'address' },
    {
      title: t('accounts.status'),
      key: 'status',
      render: (_, account) => (
        <Flex gap={8} align="center">
          <Switch
            size="small"
            checked={account.status === 1}
            loading={switching === account.uid}
            aria-label={t('accounts.enable', { account: account.username })}
            onChange={(checked) => void handleStatus(account, checked)}
          />
          <span>{account.status === 1 ? t('accounts.enabled') : t('accounts.disabled')}</span>
        </Flex>
      ),
    },
    {
      title: t('accounts.createdAt'),
      dataIndex: 'created_at',
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('accounts.roles'),
      key: 'roles',
      render: (_, account) => tags(account.roles.map((role) => role.name)),
    },
    {
      title: t('accounts.projects'),
      key: 'projects',
      render: (_, account) =>
        tags(account.projects.map((project) => (project.gid === rootGid ? rootLabel : project.name))),
    },
    {
      title: t('accounts.wechat'),
      key: 'wechat',
      render: (_, account) =>
        account.bindWechat === 1 ? (
          <Flex gap={4} align="center">
            <Tag color="success" style={{ marginInlineEnd: 0 }}>
              {t('accounts.bound')}
            </Tag>
            <Button type="link" size="small" onClick={() => confirmUnbind(account)}>
              {t('accounts.unbindWechat')}
            </Button>
          </Flex>
        ) : (
          <Flex gap={4} align="center">
            <Tag style={{ marginInlineEnd: 0 }}>{t('accounts.unbound')}</Tag>
            <Button type="link" size="small" onClick={() => setDialog({ kind: 'wechat', account })}>
              {t('accounts.bindWechat')}
            </Button>
          </Flex>
        ),
    },
    {
      title: t('accounts.lastLogin'),
      dataIndex: 'last_login_at',
      render: (value: string | null) => formatDateTime(value) ?? t('accounts.never'),
    },
    {
      title: t('accounts.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, account) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setDialog({ kind: 'form', account })}>
            {t('accounts.edit')}
          </Button>
          <Button type="link" size="small" onClick={() => setDialog({ kind: 'reset', accounts: [account] })}>
            {t('accounts.resetPassword')}
          </Button>
          <Button type="link" size="small" danger onClick={() => confirmDelete([account])}>
            {t('accounts.delete')}
          </Button>
        </Space>
      ),
    },
  ]

  return (
    <>
      <Flex justify="space-between" align="center" gap={16} wrap style={{ marginBottom: 16 }}>
        <Flex gap={8} wrap>
          <Input.Search
            key={request.keyword ?? ''}
            aria-label={t('accounts.search')}
            placeholder={t('accounts.search')}
            defaultValue={request.keyword}
            allowClear
            onSearch={(keyword) => changeRequest({ keyword: keyword.trim() || undefined, pageIndex: 1 })}
            style={{ width: 260 }}
          />
          <Select<'all' | 0 | 1>
            aria-label={t('accounts.statusFilter')}
            value={request.status ?? 'all'}
            onChange={(status) =>
              changeRequest({ status: status === 'all' ? undefined : status, pageIndex: 1 })
            }
            options={[
              { value: 'all', label: t('accounts.statusAll') },
              { value: 1, label: t('accounts.enabled') },
              { value: 0, label: t('accounts.disabled') },
            ]}
            style={{ width: 160 }}
          />
        </Flex>
        <Button type="primary" onClick={() => setDialog({ kind: 'form' })}>
          {t('accounts.add')}
        </Button>
      </Flex>
      <Flex justify="space-between" align="center" gap={16} wrap style={{ marginBottom: 12, minHeight: 32 }}>
        <Typography.Text type="secondary" role="status">
          {count.data ? t('accounts.summary', { total: count.data.total, enabled: count.data.enabled }) : ''}
        </Typography.Text>
        {selected.length > 0 && (
          <Flex gap={8} align="center" wrap>
            <Typography.Text>{t('accounts.selected', { count: selected.length })}</Typography.Text>
            <Button onClick={() => setDialog({ kind: 'reset', accounts: selected })}>
              {t('accounts.resetPassword')}
            </Button>
            <Button danger onClick={() => confirmDelete(selected)}>
              {t('accounts.delete')}
            </Button>
          </Flex>
        )}
      </Flex>
      {children.isError ? (
        <ErrorWithRetry
          title={t('accounts.loadFailed')}
          onRetry={() => children.refetch()}
          retrying={children.isFetching}
        />
      ) : (
        <Table<ChildAccount>
          rowKey="uid"
          columns={columns}
          dataSource={children.data?.list ?? []}
          loading={children.isPending || children.isPlaceholderData}
          rowSelection={{
            selectedRowKeys: selected.map((account) => account.uid),
            preserveSelectedRowKeys: true,
            onChange: (_keys, rows) =>
              setSelected(rows.filter(Boolean).map(({ uid, username }) => ({ uid, username }))),
          }}
          pagination={{
            current: request.pageIndex,
            pageSize: request.pageOffset,
            total,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            onChange: (pageIndex, pageOffset) =>
              changeRequest({ pageIndex: pageOffset === request.pageOffset ? pageIndex : 1, pageOffset }),
          }}
          scroll={{ x: 'max-content' }}
          size="middle"
        />
      )}
      {dialog?.kind === 'form' && (
        <ChildAccountFormModal account={dialog.account} onClose={() => setDialog(undefined)} />
      )}
      {dialog?.kind === 'reset' && (
        <ResetPasswordModal accounts={dialog.accounts} onClose={() => setDialog(undefined)} />
      )}
      {wechatAccount && (
        <WechatBindModal
          uid={wechatAccount.uid}
          account={wechatAccount.username}
          isBound={isBound}
          onBound={handleBound}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialogs}
    </>
  )
}
