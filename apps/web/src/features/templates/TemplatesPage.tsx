import { PlusOutlined } from '@ant-design/icons'
import { Button, Flex, Input, Modal, type TableColumnsType, Tag } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatCompactDateTime } from '../../shared/format'
import '../../shared/i18n/templates-messages'
import { confirmDanger } from '../../shared/ui/confirm-danger'
import { PagedTable } from '../../shared/ui/PagedTable'
import { WithReason } from '../../shared/ui/WithReason'
import { ApplyModal } from './ApplyModal'
import { type Template, useDeleteTemplate, useTemplateList } from './api'
import { NameModal } from './NameModal'
import { TemplateFormModal } from './TemplateFormModal'
import { sectionsOf } from './template-form'

const PAGE_SIZE = 10

type Dialog =
  | { kind: 'create' }
  | { kind: 'fromDevice' }
  | { kind: 'edit'; template: Template }
  | { kind: 'copy'; template: Template }
  | { kind: 'apply'; template: Template }

/** §2 /maintain/tpl (admin only): configuration templates — list, make, edit, copy, delete, apply. */
export function TemplatesPage() {
  const { t } = useTranslation()
  const [pageIndex, setPageIndex] = useState(1)
  const [keyword, setKeyword] = useState('')
  const list = useTemplateList({ pageIndex, pageOffset: PAGE_SIZE, ...(keyword ? { keyword } : {}) })
  const remove = useDeleteTemplate()
  const [dialog, setDialog] = useState<Dialog>()
  const [modal, dialogs] = Modal.useModal()
  const close = () => setDialog(undefined)

  function confirmDelete(template: Template) {
    confirmDanger(modal, {
      title: t('templates.deleteConfirm', { name: template.name }),
      okText: t('templates.delete'),
      cancelText: t('common.cancel'),
      // "in use" refused by the server after the list was read
      run: () => remove.mutateAsync(template.id),
      done: t('templates.done.deleted'),
    })
  }

  const columns: TableColumnsType<Template> = [
    { key: 'name', title: t('templates.columns.name'), dataIndex: 'name' },
    { key: 'creator', title: t('templates.columns.creator'), dataIndex: 'creator' },
    {
      key: 'sections',
      title: t('templates.columns.sections'),
      render: (_value, item) => (
        <Flex gap={4} wrap>
          {sectionsOf(item.settings).map((section) => (
            <Tag key={section}>{t(`templates.sections.${section}`)}</Tag>
          ))}
        </Flex>
      ),
    },
    { key: 'devices', title: t('templates.columns.devices'), dataIndex: 'devices' },
    { key: 'projects', title: t('templates.columns.projects'), dataIndex: 'projects' },
    {
      key: 'updated_at',
      title: t('templates.columns.updatedAt'),
      render: (_value, item) => formatCompactDateTime(item.updated_at),
    },
    {
      key: 'actions',
      title: t('templates.columns.actions'),
      render: (_value, item) => {
        const inUse = item.devices > 0 || item.projects > 0
        const named = (action: string) => `${action} ${item.name}`
        return (
          <Flex gap={0} wrap>
            <Button
              type="link"
              size="small"
              aria-label={named(t('templates.applyAction'))}
              onClick={() => setDialog({ kind: 'apply', template: item })}
            >
              {t('templates.applyAction')}
            </Button>
            <Button
              type="link"
              size="small"
              aria-label={named(t('templates.edit'))}
              onClick={() => setDialog({ kind: 'edit', template: item })}
            >
              {t('templates.edit')}
            </Button>
            <Button
              type="link"
              size="small"
              aria-label={named(t('templates.copy'))}
              onClick={() => setDialog({ kind: 'copy', template: item })}
            >
              {t('templates.copy')}
            </Button>
            <WithReason reason={inUse ? t('templates.inUseReason') : undefined}>
              <Button
                type="link"
                size="small"
                danger
                aria-label={named(t('templates.delete'))}
                onClick={() => confirmDelete(item)}
              >
                {t('templates.delete')}
              </Button>
            </WithReason>
          </Flex>
        )
      },
    },
  ]

  return (
    <>
      <PagedTable<Template>
        list={list}
        columns={columns}
        rowKey="id"
        pageIndex={pageIndex}
        pageSize={PAGE_SIZE}
        onPage={setPageIndex}
        totalText={(total) => t('templates.total', { total })}
        loadFailed={t('templates.loadFailed')}
        empty={t('templates.empty')}
        actions={
          <Flex gap={8} wrap>
            <Input.Search
              allowClear
              maxLength={25}
              aria-label={t('templates.columns.name')}
              placeholder={t('templates.columns.name')}
              style={{ width: 200 }}
              onSearch={(value) => {
                setKeyword(value.trim())
                setPageIndex(1)
              }}
            />
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => setDialog({ kind: 'create' })}
            >
              {t('templates.add')}
            </Button>
            <Button onClick={() => setDialog({ kind: 'fromDevice' })}>{t('templates.fromDevice')}</Button>
          </Flex>
        }
      />
      {dialog?.kind === 'create' && <TemplateFormModal onClose={close} />}
      {dialog?.kind === 'edit' && <TemplateFormModal editing={dialog.template} onClose={close} />}
      {dialog?.kind === 'fromDevice' && <NameModal onClose={close} />}
      {dialog?.kind === 'copy' && <NameModal copying={dialog.template} onClose={close} />}
      {dialog?.kind === 'apply' && <ApplyModal template={dialog.template} onClose={close} />}
      {dialogs}
    </>
  )
}
