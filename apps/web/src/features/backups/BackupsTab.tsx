import { can } from '@canopy/shared/permissions'
import { BACKUP_KEEP_MAX, BACKUP_NOTE_MAX } from '@canopy/shared/validation'
import {
  Button,
  Flex,
  Input,
  InputNumber,
  Modal,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/backups-messages'
import { formatDateTime } from '../../shared/format'
import { confirmDanger } from '../../shared/ui/confirm-danger'
import { toast } from '../../shared/ui/feedback'
import { usePermits } from '../auth/grants'
import {
  type BackupVersion,
  downloadBackup,
  useBackups,
  useCreateBackup,
  useDeleteBackup,
  useSetBackupKeep,
  useSetBackupNote,
} from './api'
import { BatchProgressLine } from './BatchProgressLine'
import { CompareVersions } from './CompareVersions'
import { RestoreModal } from './RestoreModal'
import { saveDownload } from './save-download'
import { tellFailure } from './tell-failure'

/**
 * The device detail's Backups tab (issue 14; the drift banner heads the whole page): its versions (who, when, size,
 * firmware, note), back up now with a note, download (secrets masked), compare two versions or
 * one with the desired settings side by side, restore, retention, and the last job's progress.
 */
export function BackupsTab({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation()
  const [modal, modalHolder] = Modal.useModal()
  const [operation, setOperation] = useState<number>()
  const [live, setLive] = useState(false)
  const backups = useBackups(deviceId, live)
  const create = useCreateBackup()
  const remove = useDeleteBackup()
  const setNote = useSetBackupNote()
  const setKeep = useSetBackupKeep()
  const canBackUp = usePermits()(can.device('backup'))
  const [selected, setSelected] = useState<number[]>([])
  const [noteFor, setNoteFor] = useState<BackupVersion | 'new'>()
  const [note, setNoteText] = useState('')
  const [restoring, setRestoring] = useState<BackupVersion>()
  const versions = backups.data?.list ?? []
  // A chosen version deleted meanwhile is no longer compared.
  const chosen = versions.filter((version) => selected.includes(version.id))

  async function handleNote() {
    try {
      if (noteFor === 'new') {
        const started = await create.mutateAsync({ ids: [deviceId], ...(note ? { note } : {}) })
        follow(started.operation_id)
        void toast.success(t('backups.started'))
      } else if (noteFor) {
        await setNote.mutateAsync({ id: noteFor.id, note })
        void toast.success(t('backups.noteSaved'))
      }
      setNoteFor(undefined)
    } catch (error) {
      tellFailure(error)
    }
  }

  /** Shows a job's progress and refreshes the versions until it settles. */
  function follow(operationId: number) {
    setOperation(operationId)
    setLive(true)
  }
  const handleSettled = useCallback(() => {
    setLive(false)
    void backups.refetch()
  }, [backups.refetch])

  async function handleKeep(keep: number | null) {
    if (!keep) return
    try {
      await setKeep.mutateAsync({ id: deviceId, keep })
      void toast.success(t('backups.keepSaved'))
    } catch (error) {
      tellFailure(error)
    }
  }

  const columns: TableColumnsType<BackupVersion> = [
    { title: t('backups.version'), dataIndex: 'version', width: 90 },
    { title: t('backups.takenAt'), dataIndex: 'created_at', render: (at: string) => formatDateTime(at) },
    {
      title: t('backups.size'),
      dataIndex: 'size',
      render: (size: number) => `${(size / 1024).toFixed(1)} KB`,
    },
    { title: t('backups.firmware'), dataIndex: 'firmware' },
    {
      title: t('backups.takenBy'),
      render: (_, row) => (row.source === 'schedule' ? <Tag>{t('backups.bySchedule')}</Tag> : row.taken_by),
    },
    { title: t('backups.note'), dataIndex: 'note' },
    {
      title: t('backups.actions'),
      render: (_, row) => (
        <Space size={0} wrap>
          <Button
            type="link"
            onClick={() => void saveDownload(downloadBackup(row.id), `backup-v${row.version}.json`)}
          >
            {t('backups.download')}
          </Button>
          {canBackUp && (
            <>
              <Button type="link" onClick={() => setRestoring(row)}>
                {t('backups.restore')}
              </Button>
              <Button
                type="link"
                onClick={() => {
                  setNoteText(row.note ?? '')
                  setNoteFor(row)
                }}
              >
                {t('backups.editNote')}
              </Button>
              <Button
                type="link"
                danger
                onClick={() =>
                  confirmDanger(modal, {
                    title: t('backups.deleteConfirm', { version: row.version }),
                    okText: t('backups.delete'),
                    cancelText: t('common.cancel'),
                    run: () => remove.mutateAsync(row.id),
                    done: t('backups.deleted'),
                  })
                }
              >
                {t('backups.delete')}
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ]

  return (
    <Flex vertical gap={12}>
      {modalHolder}
      <CompareVersions
        chosen={chosen}
        before={
          canBackUp && (
            <Button
              type="primary"
              onClick={() => {
                setNoteText('')
                setNoteFor('new')
              }}
            >
              {t('backups.backUpNow')}
            </Button>
          )
        }
      >
        <Typography.Text type="secondary">{t('backups.compareHint')}</Typography.Text>
        {canBackUp && backups.data && (
          <Space>
            <Typography.Text>{t('backups.keep')}</Typography.Text>
            <InputNumber
              aria-label={t('backups.keep')}
              min={1}
              max={BACKUP_KEEP_MAX}
              defaultValue={backups.data.keep}
              onChange={(keep) => void handleKeep(keep)}
            />
            <Typography.Text>{t('backups.keepSuffix')}</Typography.Text>
          </Space>
        )}
      </CompareVersions>
      {operation !== undefined && <BatchProgressLine operationId={operation} onSettled={handleSettled} />}
      <Table<BackupVersion>
        rowKey="id"
        size="small"
        loading={backups.isLoading}
        dataSource={versions}
        columns={columns}
        pagination={false}
        locale={{ emptyText: t('backups.empty') }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected((keys as number[]).slice(-2)),
          getCheckboxProps: (row) => ({ 'aria-label': t('backups.versionLabel', { version: row.version }) }),
        }}
      />
      {noteFor !== undefined && (
        <Modal
          open
          title={noteFor === 'new' ? t('backups.backUpTitle') : t('backups.editNote')}
          confirmLoading={create.isPending || setNote.isPending}
          onOk={() => void handleNote()}
          onCancel={() => setNoteFor(undefined)}
        >
          <Input
            aria-label={t('backups.note')}
            placeholder={t('backups.notePlaceholder')}
            maxLength={BACKUP_NOTE_MAX}
            value={note}
            onChange={(event) => setNoteText(event.target.value)}
          />
        </Modal>
      )}
      {restoring && (
        <RestoreModal
          deviceId={deviceId}
          backup={restoring}
          onClose={() => setRestoring(undefined)}
          onStarted={follow}
        />
      )}
    </Flex>
  )
}
