import { Button, Flex, Modal, Table, type TableColumnsType, Tag } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { translateKey } from '../../shared/i18n/i18n'
import { ErrorWithRetry } from '../../shared/ui/ErrorWithRetry'
import '../../shared/i18n/organisation-messages'
import { confirmDanger } from '../../shared/ui/confirm-danger'
import { editDeleteColumn } from '../../shared/ui/edit-delete-column'
import type { GroupNode } from '../projects/api'
import { flattenTree, projectLabel } from '../projects/tree'
import { type Role, useDeleteRole, useRoles } from './api'
import { RoleFormModal } from './RoleFormModal'
import { DEVICE_FUNCTION_LABELS, grantableSections } from './role-form'

type RoleDialog = { role?: Role | undefined }

/** The roles tab of account management: what each role grants, its accounts and managed devices. */
export function RolesTab({ tree }: { tree: readonly GroupNode[] }) {
  const { t } = useTranslation()
  const roles = useRoles()
  const remove = useDeleteRole()
  const [modal, dialogs] = Modal.useModal()
  const [dialog, setDialog] = useState<RoleDialog>()
  const rootLabel = t('projects.rootName')
  const projectNames = useMemo(
    () => new Map(flattenTree(tree).map(({ node }) => [node.gid, projectLabel(node, rootLabel)])),
    [tree, rootLabel],
  )
  const sectionTitles = new Map(grantableSections().map(({ section, titleKey }) => [section, titleKey]))

  function confirmDelete(role: Role) {
    confirmDanger(modal, {
      title: t('roles.deleteTitle', { name: role.name }),
      content: t('roles.deleteContent'),
      okText: t('roles.delete'),
      cancelText: t('common.cancel'),
      // "Role bound to an account cannot be deleted" (§6)
      run: () => remove.mutateAsync(role.id),
      done: t('roles.deleted'),
    })
  }

  const tags = (labels: string[]) => (
    <Flex gap={4} wrap>
      {labels.map((label) => (
        <Tag key={label} style={{ marginInlineEnd: 0 }}>
          {label}
        </Tag>
      ))}
    </Flex>
  )

  const columns: TableColumnsType<Role> = [
    { title: t('roles.name'), dataIndex: 'name' },
    {
      title: t('roles.menus'),
      key: 'menus',
      render: (_, role) =>
        tags(
          role.menus.flatMap((menu) => {
            const titleKey = sectionTitles.get(menu)
            return titleKey ? [translateKey(titleKey)] : []
          }),
        ),
    },
    {
      title: t('roles.deviceFunctions'),
      key: 'device_functions',
      render: (_, role) => tags(role.device_functions.map((fn) => t(DEVICE_FUNCTION_LABELS[fn]))),
    },
    {
      title: t('roles.projects'),
      key: 'projects',
      render: (_, role) => tags(role.project_ids.flatMap((gid) => projectNames.get(gid) ?? [])),
    },
    {
      title: t('roles.guest'),
      dataIndex: 'guest',
      render: (guest: 0 | 1) => (guest === 1 ? t('roles.yes') : t('roles.no')),
    },
    { title: t('roles.accountCount'), dataIndex: 'account_count', align: 'center' },
    { title: t('roles.deviceCount'), dataIndex: 'device_count', align: 'center' },
    editDeleteColumn<Role>(
      { title: t('roles.actions'), edit: t('roles.edit'), delete: t('roles.delete') },
      (role) => setDialog({ role }),
      confirmDelete,
    ),
  ]

  return (
    <>
      <Flex justify="flex-end" style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => setDialog({})}>
          {t('roles.add')}
        </Button>
      </Flex>
      {roles.isError ? (
        <ErrorWithRetry
          title={t('roles.loadFailed')}
          onRetry={() => roles.refetch()}
          retrying={roles.isFetching}
        />
      ) : (
        <Table<Role>
          rowKey="id"
          columns={columns}
          dataSource={roles.data ?? []}
          loading={roles.isPending}
          pagination={{ defaultPageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          size="middle"
        />
      )}
      {dialog && <RoleFormModal role={dialog.role} tree={tree} onClose={() => setDialog(undefined)} />}
      {dialogs}
    </>
  )
}
