import { Button, Modal, type TableColumnsType } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/portal-messages'
import { confirmDanger } from '../../shared/ui/confirm-danger'
import { editDeleteColumn } from '../../shared/ui/edit-delete-column'
import { PagedTable } from '../../shared/ui/PagedTable'
import { PageTitle } from '../../shared/ui/PageTitle'
import { type PortalStrategy, useDeleteStrategy, useStrategies } from './api'
import { StrategyFormModal } from './StrategyFormModal'
import { entryCount } from './strategy-form'

const PAGE_SIZE = 10

/** /auth/strategy (primary accounts only): the tenant's authentication strategies. */
export function StrategyPage() {
  const { t } = useTranslation()
  const [pageIndex, setPageIndex] = useState(1)
  const list = useStrategies(pageIndex, PAGE_SIZE)
  const remove = useDeleteStrategy()
  const [modal, dialogs] = Modal.useModal()
  const [editing, setEditing] = useState<{ strategy?: PortalStrategy }>()

  function confirmDelete(strategy: PortalStrategy) {
    confirmDanger(modal, {
      title: t('portal.strategy.deleteTitle', { name: strategy.name }),
      content: t('portal.strategy.deleteContent'),
      okText: t('portal.strategy.delete'),
      cancelText: t('common.cancel'),
      // "in use and cannot be deleted" is the server's to say
      run: () => remove.mutateAsync(strategy.id),
      done: t('portal.strategy.deleted'),
    })
  }

  const limit = (value: number) => (value === 0 ? t('portal.strategy.noLimit') : String(value))
  const columns: TableColumnsType<PortalStrategy> = [
    { key: 'name', title: t('portal.strategy.name'), dataIndex: 'name' },
    {
      key: 'validity',
      title: t('portal.strategy.validity'),
      render: (_, row) =>
        row.validity_days === null
          ? t('portal.strategy.permanent')
          : t('portal.strategy.days', { count: row.validity_days }),
    },
    {
      key: 'session',
      title: t('portal.strategy.sessionMinutes'),
      render: (_, row) => limit(row.session_minutes),
    },
    {
      key: 'rate',
      title: t('portal.strategy.rate'),
      render: (_, row) => `${limit(row.upload_kbps)} / ${limit(row.download_kbps)}`,
    },
    {
      key: 'lists',
      title: t('portal.strategy.lists'),
      render: (_, row) =>
        t('portal.strategy.listCounts', {
          white: entryCount(row.ip_whitelist) + entryCount(row.mac_whitelist),
          black: entryCount(row.ip_blacklist) + entryCount(row.mac_blacklist),
        }),
    },
    editDeleteColumn<PortalStrategy>(
      {
        title: t('portal.strategy.actions'),
        edit: t('portal.strategy.edit'),
        delete: t('portal.strategy.delete'),
      },
      (strategy) => setEditing({ strategy }),
      confirmDelete,
    ),
  ]

  return (
    <>
      <PageTitle>{t('menu.authStrategy')}</PageTitle>
      <PagedTable<PortalStrategy>
        list={list}
        columns={columns}
        rowKey="id"
        pageIndex={pageIndex}
        pageSize={PAGE_SIZE}
        onPage={setPageIndex}
        totalText={(total) => t('portal.strategy.total', { count: total })}
        loadFailed={t('portal.strategy.loadFailed')}
        empty={t('portal.strategy.empty')}
        actions={
          <Button type="primary" onClick={() => setEditing({})}>
            {t('portal.strategy.add')}
          </Button>
        }
      />
      {editing && <StrategyFormModal strategy={editing.strategy} onClose={() => setEditing(undefined)} />}
      {dialogs}
    </>
  )
}
