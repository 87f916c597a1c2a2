import { PORTAL_SCHEMES } from '@canopy/shared/validation'
import { Button, Modal, type TableColumnsType, Tag } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/portal-messages'
import { confirmDanger } from '../../shared/ui/confirm-danger'
import { editDeleteColumn } from '../../shared/ui/edit-delete-column'
import { PagedTable } from '../../shared/ui/PagedTable'
import { PageTitle } from '../../shared/ui/PageTitle'
import { type PortalPage, useDeletePortalPage, usePortalPages } from './api'
import { PortalPageFormModal } from './PortalPageFormModal'

const PAGE_SIZE = 10

/** /auth/portal (primary accounts only): the pages guests see before they are let in. */
export function PortalPagesPage() {
  const { t } = useTranslation()
  const [pageIndex, setPageIndex] = useState(1)
  const list = usePortalPages(pageIndex, PAGE_SIZE)
  const remove = useDeletePortalPage()
  const [modal, dialogs] = Modal.useModal()
  const [editing, setEditing] = useState<{ page?: PortalPage }>()

  function confirmDelete(page: PortalPage) {
    confirmDanger(modal, {
      title: t('portal.page.deleteTitle', { name: page.title }),
      okText: t('portal.page.delete'),
      cancelText: t('common.cancel'),
      run: () => remove.mutateAsync(page.id),
      done: t('portal.page.deleted'),
    })
  }

  const columns: TableColumnsType<PortalPage> = [
    { key: 'title', title: t('portal.page.title'), dataIndex: 'title' },
    { key: 'tips', title: t('portal.page.tips'), dataIndex: 'tips', ellipsis: true },
    {
      key: 'display_type',
      title: t('portal.page.displayType'),
      render: (_, row) => t(`portal.page.displayTypes.${row.display_type}`),
    },
    {
      key: 'scheme',
      title: t('portal.page.scheme'),
      render: (_, row) => (
        <Tag color={PORTAL_SCHEMES[row.scheme].main}>{t(`portal.page.schemes.${row.scheme}`)}</Tag>
      ),
    },
    { key: 'guide_url', title: t('portal.page.guideUrl'), dataIndex: 'guide_url', ellipsis: true },
    editDeleteColumn<PortalPage>(
      { title: t('portal.page.actions'), edit: t('portal.page.edit'), delete: t('portal.page.delete') },
      (page) => setEditing({ page }),
      confirmDelete,
    ),
  ]

  return (
    <>
      <PageTitle>{t('menu.authPortal')}</PageTitle>
      <PagedTable<PortalPage>
        list={list}
        columns={columns}
        rowKey="id"
        pageIndex={pageIndex}
        pageSize={PAGE_SIZE}
        onPage={setPageIndex}
        totalText={(total) => t('portal.page.total', { count: total })}
        loadFailed={t('portal.page.loadFailed')}
        empty={t('portal.page.empty')}
        actions={
          <Button type="primary" onClick={() => setEditing({})}>
            {t('portal.page.add')}
          </Button>
        }
      />
      {editing && <PortalPageFormModal page={editing.page} onClose={() => setEditing(undefined)} />}
      {dialogs}
    </>
  )
}
