import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons'
import { ErrorCode } from '@canopy/shared/errors'
import { Alert, Button, Empty, Flex, Input, Select, Switch, Typography, theme } from 'antd'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../../shared/api'
import { translateKey } from '../../../shared/i18n/i18n'
import type { DeviceInfo } from '../../devices/api'
import { useReadLog, useSetSystem } from '../api'
import { reportError } from '../report-error'
import { downloadText, logFileName, logFileText } from './log-file'
import { filterLog, logSources } from './log-lines'

/** How often "follow" reads the log again: each read asks the device itself. */
export const LOG_FOLLOW_MS = 5000

/**
 * Device log (§2): read from the device on demand (it keeps only its latest lines) and
 * downloadable. With logging off the device has none: §8 says so, and an editor can switch it on.
 * The lines can be filtered by text and by the program that wrote them; "follow" reads the log
 * again every few seconds and keeps the newest line in view.
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
  const [text, setText] = useState('')
  const [source, setSource] = useState<string>()
  const [follow, setFollow] = useState(false)
  const shownLines = useMemo(
    () => (lines ? filterLog(lines, { text, source }) : undefined),
    [lines, text, source],
  )
  const sources = useMemo(() => logSources(lines ?? []), [lines])
  const logView = useRef<HTMLPreElement>(null)
  const following = follow && online && !read.isError

  function handleRead() {
    read.mutate(undefined, { onSuccess: () => setReadAt(new Date()) })
  }

  // Following: a read now, then one every few seconds, each after the last has answered.
  const readLatest = useRef(handleRead)
  readLatest.current = handleRead
  const pending = useRef(false)
  pending.current = read.isPending
  useEffect(() => {
    if (!following) return
    if (!pending.current) readLatest.current()
    const timer = window.setInterval(() => {
      if (!pending.current && document.visibilityState === 'visible') readLatest.current()
    }, LOG_FOLLOW_MS)
    return () => window.clearInterval(timer)
  }, [following])

  // The newest line stays in view while following.
  useEffect(() => {
    if (following && logView.current && shownLines) logView.current.scrollTop = logView.current.scrollHeight
  }, [following, shownLines])

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
        <Flex gap={6} align="center">
          <Switch
            id="device-log-follow"
            checked={follow}
            disabled={!online}
            onChange={setFollow}
            aria-describedby="device-log-follow-hint"
          />
          <label htmlFor="device-log-follow">{t('deviceSettings.log.follow')}</label>
          <span id="device-log-follow-hint" hidden>
            {t('deviceSettings.log.followHint')}
          </span>
        </Flex>
        {!online && <Typography.Text type="secondary">{t('deviceSettings.offlineActions')}</Typography.Text>}
      </Flex>
      {lines && lines.length > 0 && (
        <Flex gap={8} wrap align="center">
          <Input
            allowClear
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('deviceSettings.log.filter')}
            aria-label={t('deviceSettings.log.filter')}
            style={{ width: 280 }}
          />
          <Select<string>
            allowClear
            value={source}
            onChange={setSource}
            placeholder={t('deviceSettings.log.allSources')}
            aria-label={t('deviceSettings.log.source')}
            options={sources.map((name) => ({ value: name, label: name }))}
            style={{ width: 200 }}
          />
          <Typography.Text type="secondary" role="status">
            {t('deviceSettings.log.shown', { shown: shownLines?.length ?? 0, total: lines.length })}
          </Typography.Text>
        </Flex>
      )}
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
        shownLines &&
        (lines.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('deviceSettings.log.empty')} />
        ) : shownLines.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('deviceSettings.log.noMatch')} />
        ) : (
          <pre
            ref={logView}
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
            {logFileText(shownLines)}
          </pre>
        ))}
    </Flex>
  )
}
