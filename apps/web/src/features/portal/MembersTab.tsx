import { ErrorCode } from '@canopy/shared/errors'
import { MEMBER_IMPORT_MAX_BYTES } from '@canopy/shared/validation'
import {
  Alert,
  Button,
  Input,
  Modal,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
  Upload,
} from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../shared/api'
import { translateKey } from '../../shared/i18n/i18n'
import '../../shared/i18n/portal-messages'
import { confirmDanger } from '../../shared/ui/confirm-danger'
import { editDeleteColumn } from '../../shared/ui/edit-delete-column'
import { toast } from '../../shared/ui/feedback'
import { PagedTable } from '../../shared/ui/PagedTable'
import { saveFile } from '../maintain/save-file'
import { MemberFormModal } from './MemberFormModal'
import {
  exportMembers,
  type MemberImportReport,
  type PortalMember,
  useDeleteMember,
  useImportMembers,
  useMembers,
  useSaveMember,
} from './methods-api'

const PAGE_SIZE = 10

/** The members tab of /auth/method: search, add, edit, disable, delete, import an .xls with its report, export. */
export function MembersTab() {
  const { t } = useTranslation()
  const [pageIndex, setPageIndex] = useState(1)
  const [search, setSearch] = useState('')
  const list = useMembers(pageIndex, PAGE_SIZE, search)
  const remove = useDeleteMember()
  const save = useSaveMember()
  const importer = useImportMembers()
  const [modal, dialogs] = Modal.useModal()
  const [editing, setEditing] = useState<{ member?: PortalMember }>()
  const [report, setReport] = useState<MemberImportReport>()
  const [exporting, setExporting] = useState(false)
  // 600400212's own wording speaks of pictures: an import's says what an import takes
  const importFailure =
    importer.error && isApiError(importer.error)
      ? importer.error.codes.includes(ErrorCode.UPLOAD_FORMAT)
        ? 'portal.member.tooLarge'
        : importer.error.messageKey
      : undefined

  function confirmDelete(member: PortalMember) {
    confirmDanger(modal, {
      title: t('portal.member.deleteTitle', { name: member.account }),
      okText: t('portal.member.delete'),
      cancelText: t('common.cancel'),
      run: () => remove.mutateAsync(member.id),
      done: t('portal.member.deleted'),
    })
  }

  /** A refused file (format, size) is shown above the list (importFailure); a refused row in the report. */
  function importFile(file: File) {
    importer.mutate(file, {
      onSuccess: (result) => {
        if (result.problems.length === 0)
          void toast.success(t('portal.member.imported', { count: result.added }))
        else setReport(result)
      },
    })
  }

  async function exportAll() {
    setExporting(true)
    try {
      saveFile(await exportMembers(), 'members.xls')
    } finally {
      setExporting(false)
    }
  }

  const columns: TableColumnsType<PortalMember> = [
    { key: 'account', title: t('portal.member.account'), dataIndex: 'account' },
    { key: 'info', title: t('portal.member.info'), dataIndex: 'info' },
    {
      key: 'status',
      title: t('portal.member.status'),
      render: (_, member) => (
        <Switch
          size="small"
          checked={member.enabled}
          aria-label={`${member.account}: ${t('portal.member.enabled')}`}
          checkedChildren={t('portal.member.statusEnabled')}
          unCheckedChildren={t('portal.member.statusDisabled')}
          onChange={(enabled) =>
            save.mutate({ id: member.id, account: member.account, password: '', info: member.info, enabled })
          }
        />
      ),
    },
    {
      key: 'created',
      title: t('portal.member.created'),
      render: (_, member) => new Date(member.created_at).toLocaleString(),
    },
    editDeleteColumn<PortalMember>(
      { title: t('portal.member.actions'), edit: t('portal.member.edit'), delete: t('portal.member.delete') },
      (member) => setEditing({ member }),
      confirmDelete,
    ),
  ]

  return (
    <>
      <Typography.Paragraph type="secondary">{t('portal.member.importHint')}</Typography.Paragraph>
      {importFailure && (
        <Alert type="error" showIcon title={translateKey(importFailure)} style={{ marginBottom: 16 }} />
      )}
      <PagedTable<PortalMember>
        list={list}
        columns={columns}
        rowKey="id"
        pageIndex={pageIndex}
        pageSize={PAGE_SIZE}
        onPage={setPageIndex}
        totalText={(total) => t('portal.member.total', { count: total })}
        loadFailed={t('portal.member.loadFailed')}
        empty={t('portal.member.empty')}
        actions={
          <Space wrap>
            <Input.Search
              allowClear
              maxLength={20}
              placeholder={t('portal.member.search')}
              aria-label={t('portal.member.search')}
              onSearch={(value) => {
                setSearch(value.trim())
                setPageIndex(1)
              }}
            />
            <Button type="primary" onClick={() => setEditing({})}>
              {t('portal.member.add')}
            </Button>
            <Upload
              accept=".xls,application/vnd.ms-excel"
              showUploadList={false}
              beforeUpload={(file) => {
                importer.reset()
                // the server refuses it too (600400212); no need to send a megabyte to hear so
                if (file.size > MEMBER_IMPORT_MAX_BYTES) void toast.error(t('portal.member.tooLarge'))
                else importFile(file)
                return false
              }}
            >
              <Button loading={importer.isPending}>{t('portal.member.import')}</Button>
            </Upload>
            <Button loading={exporting} onClick={() => void exportAll()}>
              {t('portal.member.export')}
            </Button>
          </Space>
        }
      />
      {editing && <MemberFormModal member={editing.member} onClose={() => setEditing(undefined)} />}
      {report && (
        <Modal
          open
          title={t('portal.member.reportTitle')}
          footer={null}
          onCancel={() => setReport(undefined)}
          width={640}
        >
          <Alert
            type="warning"
            showIcon
            title={t('portal.member.importRefused', { count: report.problems.length })}
            style={{ marginBottom: 16 }}
          />
          <Table
            size="small"
            rowKey="row"
            pagination={report.problems.length > 10 ? { pageSize: 10 } : false}
            dataSource={report.problems}
            columns={[
              { key: 'row', title: t('portal.member.row'), dataIndex: 'row', width: 80 },
              { key: 'account', title: t('portal.member.account'), dataIndex: 'account' },
              {
                key: 'reason',
                title: t('portal.member.reason'),
                render: (_, problem) => <Tag color="red">{translateKey(problem.reason)}</Tag>,
              },
            ]}
          />
        </Modal>
      )}
      {dialogs}
    </>
  )
}
