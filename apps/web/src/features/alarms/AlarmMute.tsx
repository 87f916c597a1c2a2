import { Button, Flex, Select, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../shared/format'
import { toast } from '../../shared/ui/feedback'
import { reportError } from '../device-detail/report-error'
import { type AlarmTarget, useMuteAlarms } from './api'

const MUTE_MINUTES = { hour: 60, hours4: 240, day: 1440, week: 10_080 } as const

/** Maintenance: mute a device's or a project's alarms for a while, or end the mute. */
export function AlarmMute({
  target,
  mutedUntil,
  canEdit,
}: {
  target: AlarmTarget
  mutedUntil: string | null
  canEdit: boolean
}) {
  const { t } = useTranslation()
  const mute = useMuteAlarms(target)
  const [minutes, setMinutes] = useState<number>(MUTE_MINUTES.hour)

  async function handleMute(value: number) {
    try {
      await mute.mutateAsync(value)
      void toast.success(t(value > 0 ? 'alarms.settings.muted' : 'alarms.settings.unmuted'))
    } catch (error) {
      reportError(error)
    }
  }

  return (
    <Flex vertical gap={8}>
      <Typography.Text role="status">
        {mutedUntil
          ? t('alarms.settings.mutedUntil', { time: formatDateTime(mutedUntil) })
          : t('alarms.settings.notMuted')}
      </Typography.Text>
      {canEdit && (
        <Flex gap={8} wrap align="center">
          <Select
            aria-label={t('alarms.settings.muteFor')}
            value={minutes}
            onChange={setMinutes}
            style={{ width: 140 }}
            options={Object.entries(MUTE_MINUTES).map(([key, value]) => ({
              value,
              label: t(`alarms.settings.muteOptions.${key as keyof typeof MUTE_MINUTES}`),
            }))}
          />
          <Button loading={mute.isPending} onClick={() => void handleMute(minutes)}>
            {t('alarms.settings.muteAction')}
          </Button>
          {mutedUntil && (
            <Button loading={mute.isPending} onClick={() => void handleMute(0)}>
              {t('alarms.settings.unmute')}
            </Button>
          )}
        </Flex>
      )}
    </Flex>
  )
}
