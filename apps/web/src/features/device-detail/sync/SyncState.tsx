import type { SettingsSection } from '@canopy/shared/validation'
import { Alert, Button, Flex, Popconfirm, Spin } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../shared/format'
import { useRetrySection, useRevertSection } from '../api'
import { reportError } from '../report-error'
import type { SectionSync } from './settings-state'

export interface SyncStateProps {
  deviceId: number
  section: SettingsSection
  /** the section's last change; undefined when none was made from the console */
  sync: SectionSync | undefined
  canEdit: boolean
}

/**
 * Where the section's last change stands: waiting for the device (offline), being applied,
 * in sync, or refused with the device's reason. A change can be sent again or reverted.
 */
export function SyncState({ deviceId, section, sync, canEdit }: SyncStateProps) {
  const { t } = useTranslation()
  const retry = useRetrySection(deviceId)
  const revert = useRevertSection(deviceId)
  if (!sync) return null

  const busy = retry.isPending || revert.isPending
  const since = formatDateTime(sync.updated_at)
  const texts = {
    pending: {
      type: 'warning',
      title: t('deviceSettings.sync.pending'),
      detail: t('deviceSettings.sync.pendingHint'),
    },
    applying: {
      type: 'info',
      title: t('deviceSettings.sync.applying'),
      detail: t('deviceSettings.sync.applyingHint'),
    },
    in_sync: {
      type: 'success',
      title: t('deviceSettings.sync.inSync'),
      detail: since && t('deviceSettings.sync.since', { time: since }),
    },
    failed: {
      type: 'error',
      title: t('deviceSettings.sync.failed'),
      detail: t('deviceSettings.sync.reason', { reason: sync.reason ?? t('deviceSettings.sync.noReason') }),
    },
  } as const
  const { type, title, detail } = texts[sync.status]

  const actions = canEdit && (
    <Flex gap={8} wrap>
      {sync.status !== 'in_sync' && (
        <Button
          size="small"
          loading={retry.isPending}
          disabled={busy}
          onClick={() => retry.mutate({ id: deviceId, section }, { onError: reportError })}
        >
          {t('deviceSettings.sync.retry')}
        </Button>
      )}
      <Popconfirm
        title={t('deviceSettings.sync.revertTitle')}
        description={t('deviceSettings.sync.revertContent')}
        okText={t('deviceSettings.sync.revert')}
        cancelText={t('common.cancel')}
        onConfirm={() => revert.mutateAsync({ id: deviceId, section }).catch(reportError)}
      >
        <Button size="small" loading={revert.isPending} disabled={busy}>
          {t('deviceSettings.sync.revert')}
        </Button>
      </Popconfirm>
    </Flex>
  )

  return (
    <Alert
      type={type}
      showIcon
      icon={sync.status === 'applying' ? <Spin size="small" /> : undefined}
      title={title}
      description={detail}
      action={actions}
      style={{ marginBottom: 16 }}
    />
  )
}
