import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons'
import { ErrorCode } from '@canopy/shared/errors'
import { Alert, Button, Empty, Flex, Typography, theme } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../../shared/api'
import { translateKey } from '../../../shared/i18n/i18n'
import type { DeviceInfo } from '../../devices/api'
import { useReadLog, useSetSystem } from '../api'
import { reportError } from '../report-error'
import { downloadText, logFileName, logFileText } from './log-file'

/**
 * Device log (§2): read from the device on demand (it keeps only its latest lines) and
 * downloadable. With logging off the device has none: §8 says so, and an editor can switch it on.
 */
export function LogTab({ device, canEdit }: { device: DeviceInfo; canEdit: boolean }) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const read = useReadLog(device.id)
  const setSystem = useSetSystem(device.id)
  const [readAt, setReadAt] = useState<Date>()
  const online = device.status === 'online'
  const lines = read.data?.lines
  const failure = isApiError(read.error) ? read.error : undefined
  const disabled = failure?.hasCode(ErrorCode.LOG_DISABLED) ?? false

  function handleRead() {
    read.mutate(undefined, { onSuccess: () => setReadAt(new Date()) })
  }

  function handleEnable() {
    setSystem.mutate(
      { id: device.id, settings: { logging: true } },
      { onSuccess: () => read.reset(), onError: reportError },
    )
  }

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap align="center">
        <Button
          type="primary"
          icon={<ReloadOutlined aria-hidden />}
          loading={read.isPending}
          disabled={!online}
          onClick={handleRead}
        >
          {lines ? t('deviceSettings.log.readAgain') : t('deviceSettings.log.read')}
        </Button>
        <Button
          icon={<DownloadOutlined aria-hidden />}
          disabled={!lines || !readAt}
          onClick={() => readAt && lines && downloadText(logFileName(device, readAt), logFileText(lines))}
        >
          {t('deviceSettings.log.download')}
        </Button>
        {!online && <Typography.Text type="secondary">{t('deviceSettings.offlineActions')}</Typography.Text>}
      </Flex>
      {read.isError &&
        (disabled ? (
          <Alert
            type="warning"
            showIcon
            title={translateKey(failure?.messageKey ?? 'errors.logDisabled')}
            action={
              canEdit && (
                <Button size="small" loading={setSystem.isPending} onClick={handleEnable}>
                  {t('deviceSettings.log.enable')}
                </Button>
              )
            }
          />
        ) : (
          <Alert type="error" showIcon title={translateKey(failure?.messageKey ?? 'errors.network')} />
        ))}
      {lines &&
        (lines.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('deviceSettings.log.empty')} />
        ) : (
          <pre
            role="log"
            aria-label={t('deviceSettings.log.label')}
            style={{
              maxHeight: 480,
              overflow: 'auto',
              margin: 0,
              padding: 12,
              fontSize: 12,
              background: token.colorFillQuaternary,
              borderRadius: token.borderRadius,
            }}
          >
            {logFileText(lines)}
          </pre>
        ))}
    </Flex>
  )
}
