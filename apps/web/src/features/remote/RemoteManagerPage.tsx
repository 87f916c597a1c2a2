import { ReloadOutlined } from '@ant-design/icons'
import { Button, Flex, theme } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { apiBaseUrl } from '../../shared/config'
import '../../shared/i18n/device-operations-messages'
import { tunnelUrl } from './link'
import { RemotePage } from './RemotePage'
import { useRemoteLink } from './use-remote-link'

/**
 * /manager1: the device's own management page, through the cloud's tunnel over its MQTT session.
 * The frame is sandboxed without same-origin (and the tunnel's answers carry a CSP sandbox too),
 * so a device's page runs in an opaque origin and cannot reach the console or its storage.
 */
export function RemoteManagerPage() {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const link = useRemoteLink('web')
  const [loads, setLoads] = useState(0)
  const name = link.device ? link.device.name || link.device.mac : ''

  return (
    <RemotePage title={t('deviceOperations.remote.title')} link={link}>
      <Flex justify="flex-end">
        <Button icon={<ReloadOutlined />} onClick={() => setLoads((count) => count + 1)}>
          {t('deviceOperations.remote.reload')}
        </Button>
      </Flex>
      <iframe
        key={loads}
        title={t('deviceOperations.remote.frameTitle', { name })}
        src={tunnelUrl(apiBaseUrl(), link.token)}
        sandbox="allow-forms allow-scripts"
        referrerPolicy="no-referrer"
        style={{
          flex: 1,
          minHeight: 480,
          width: '100%',
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          background: token.colorBgContainer,
        }}
      />
    </RemotePage>
  )
}
