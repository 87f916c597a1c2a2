import { can } from '@canopy/shared/permissions'
import { Alert, Button, Flex, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/backups-messages'
import { toast } from '../../shared/ui/feedback'
import { usePermits } from '../auth/grants'
import { useAcceptDrift, useDrift, usePutBackDrift } from './api'
import { leaves } from './leaves'
import { tellFailure } from './tell-failure'

/**
 * "Changed on the device": shown when a device's running configuration no longer matches what
 * Canopy set, with what differs and the two ways out — accept what runs as desired, or put back
 * what Canopy set (through the settings sync).
 */
export function DriftBanner({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation()
  const drift = useDrift(deviceId)
  const accept = useAcceptDrift()
  const putBack = usePutBackDrift()
  const canEdit = usePermits()(can.device('edit'))
  if (!drift.data?.drifted) return null
  const expected = leaves(drift.data.expected)
  const running = leaves(drift.data.running)

  async function handleAccept() {
    try {
      await accept.mutateAsync(deviceId)
      void toast.success(t('backups.drift.accepted'))
    } catch (error) {
      tellFailure(error)
    }
  }
  async function handlePutBack() {
    try {
      await putBack.mutateAsync(deviceId)
      void toast.success(t('backups.drift.putBackStarted'))
    } catch (error) {
      tellFailure(error)
    }
  }

  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      style={{ marginBottom: 8 }}
      title={t('backups.drift.banner')}
      description={
        <Flex vertical gap={4}>
          {[...expected].map(([path, value]) => (
            <Typography.Text key={path} code>
              {path}: {t('backups.drift.expected')} {JSON.stringify(value)} → {t('backups.drift.running')}{' '}
              {JSON.stringify(running.get(path) ?? null)}
            </Typography.Text>
          ))}
          {drift.data.secrets_changed && (
            <Typography.Text>{t('backups.drift.secretsChanged')}</Typography.Text>
          )}
        </Flex>
      }
      action={
        canEdit && (
          <Flex vertical gap={8}>
            <Button
              size="small"
              type="primary"
              loading={accept.isPending}
              onClick={() => void handleAccept()}
            >
              {t('backups.drift.accept')}
            </Button>
            <Button size="small" loading={putBack.isPending} onClick={() => void handlePutBack()}>
              {t('backups.drift.putBack')}
            </Button>
          </Flex>
        )
      }
    />
  )
}
