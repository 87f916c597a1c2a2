import { Button, Flex, Popconfirm, Switch, Typography } from 'antd'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '../../../shared/ui/feedback'
import { useBlink, useRestart, useSetLed } from '../api'
import { reportError } from '../report-error'

export interface DeviceControlsProps {
  deviceId: number
  online: boolean
  /** the LED setting as the device has it (or is about to) */
  led: boolean
  canEdit: boolean
  canReboot: boolean
}

/**
 * The LED switch (a setting, kept for an offline device) and what the device does at once:
 * blink its LED so someone on site finds it, reboot now (§4: online devices only).
 */
export function DeviceControls({ deviceId, online, led, canEdit, canReboot }: DeviceControlsProps) {
  const { t } = useTranslation()
  const ledLabel = useId()
  const setLed = useSetLed(deviceId)
  const blink = useBlink(deviceId)
  const restart = useRestart(deviceId)

  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={12}>
        <Switch
          aria-labelledby={ledLabel}
          checked={led}
          disabled={!canEdit}
          loading={setLed.isPending}
          onChange={(checked) => setLed.mutate({ ids: [deviceId], led: checked }, { onError: reportError })}
        />
        <Typography.Text id={ledLabel}>{t('deviceSettings.system.led')}</Typography.Text>
      </Flex>
      <Flex gap={8} wrap align="center">
        <Button
          disabled={!online}
          loading={blink.isPending}
          onClick={() =>
            blink.mutate(undefined, {
              onSuccess: () => void toast.success(t('deviceSettings.system.blinking')),
              onError: reportError,
            })
          }
        >
          {t('deviceSettings.system.blink')}
        </Button>
        {canReboot && (
          <Popconfirm
            title={t('deviceSettings.system.rebootTitle')}
            description={t('deviceSettings.system.rebootContent')}
            okText={t('deviceSettings.system.reboot')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            disabled={!online}
            onConfirm={() =>
              restart
                .mutateAsync()
                .then(() => void toast.success(t('deviceSettings.system.rebooting')))
                .catch(reportError)
            }
          >
            <Button danger disabled={!online} loading={restart.isPending}>
              {t('deviceSettings.system.reboot')}
            </Button>
          </Popconfirm>
        )}
        {!online && <Typography.Text type="secondary">{t('deviceSettings.offlineActions')}</Typography.Text>}
      </Flex>
    </Flex>
  )
}
