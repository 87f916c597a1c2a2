import { WarningOutlined } from '@ant-design/icons'
import { HOME_PATH } from '@canopy/shared/routes'
import { Button, Flex, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { useRouteError } from 'react-router'
import { isApiError } from '../shared/api'
import { ChunkTimeoutError } from '../shared/chunk-timeout'
import { translateKey } from '../shared/i18n/i18n'

function messageKeyOf(error: unknown): string {
  if (error instanceof ChunkTimeoutError) return 'errors.chunkTimeout'
  // The only call a route makes before rendering is the guard's current-user call.
  if (isApiError(error)) return 'errors.userInfoFailed'
  // A chunk that failed to download (offline, or a new release replaced it).
  if (error instanceof TypeError) return 'errors.network'
  return 'errorPage.unexpected'
}

/**
 * A route's error boundary. Part of the first paint of every page (it must render when a page
 * chunk could not be loaded, so it cannot be lazy): a few small components only.
 */
export function RouteErrorPage() {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const error = useRouteError()
  if (!(error instanceof ChunkTimeoutError) && !isApiError(error)) console.error(error)

  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={16}
      style={{ minHeight: 320, padding: 24 }}
      role="alert"
    >
      <WarningOutlined style={{ fontSize: 48, color: token.colorWarning }} aria-hidden />
      <h1 style={{ margin: 0, fontSize: token.fontSizeHeading3, color: token.colorTextHeading }}>
        {t('errorPage.title')}
      </h1>
      <p style={{ margin: 0, color: token.colorTextSecondary }}>{translateKey(messageKeyOf(error))}</p>
      <Flex gap={8}>
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('errorPage.retry')}
        </Button>
        <Button href={HOME_PATH}>{t('common.returnHome')}</Button>
      </Flex>
    </Flex>
  )
}
