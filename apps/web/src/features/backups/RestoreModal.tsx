import { Modal, Select, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/backups-messages'
import { toast } from '../../shared/ui/feedback'
import { useDeviceList } from '../devices/api'
import { deviceLabel } from '../devices/labels'
import { type BackupVersion, useRestoreBackup } from './api'
import { tellFailure } from './tell-failure'

/**
 * Restores a version: to its own device, or to replacement devices of the same model (the
 * server refuses another model with "Unsupported device model", and offline devices).
 */
export function RestoreModal({
  deviceId,
  backup,
  onClose,
  onStarted,
}: {
  deviceId: number
  backup: BackupVersion
  onClose: () => void
  onStarted: (operationId: number) => void
}) {
  const { t } = useTranslation()
  const [targets, setTargets] = useState<number[]>([deviceId])
  const candidates = useDeviceList({ pageIndex: 1, pageOffset: 100, model: backup.model })
  const restore = useRestoreBackup()

  async function handleOk() {
    try {
      const started = await restore.mutateAsync({ backupId: backup.id, ids: targets })
      void toast.success(t('backups.restoreStarted'))
      onStarted(started.operation_id)
      onClose()
    } catch (error) {
      tellFailure(error)
    }
  }

  return (
    <Modal
      open
      title={t('backups.restoreTitle', { version: backup.version })}
      okText={t('backups.restore')}
      okButtonProps={{ danger: true, disabled: targets.length === 0 }}
      confirmLoading={restore.isPending}
      onOk={() => void handleOk()}
      onCancel={onClose}
    >
      <Typography.Paragraph>{t('backups.restoreText')}</Typography.Paragraph>
      <Typography.Text strong>{t('backups.restoreTargets')}</Typography.Text>
      <Select<number[]>
        mode="multiple"
        aria-label={t('backups.restoreTargets')}
        value={targets}
        onChange={setTargets}
        loading={candidates.isLoading}
        style={{ width: '100%', marginTop: 4 }}
        options={(candidates.data?.list ?? []).map((device) => ({
          value: device.id,
          label:
            device.id === deviceId
              ? `${deviceLabel(device)} (${t('backups.restoreThisDevice')})`
              : deviceLabel(device),
        }))}
      />
    </Modal>
  )
}
