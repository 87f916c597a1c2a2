import { ReloadOutlined } from '@ant-design/icons'
import { Alert, Button, Flex, Table, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../../shared/api'
import { translateKey } from '../../../shared/i18n/i18n'
import type { DeviceInfo } from '../../devices/api'
import { formatUptime } from '../../devices/uptime'
import { useWifiClients, type WifiClient } from '../api'
import { bandLabel } from '../labels'
import { formatBytes } from './traffic'

const NONE = '—'

/** The clients connected now (§7 wifi/users), asked of the device while the tab is open. */
export function ClientsTab({ device }: { device: DeviceInfo }) {
  const { t } = useTranslation()
  const online = device.status === 'online'
  const clients = useWifiClients(device.id, online)
  const failure = isApiError(clients.error) ? clients.error : undefined

  if (!online) return <Alert type="info" showIcon title={t('deviceSettings.clients.offline')} />

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text type="secondary" role="status">
          {clients.data ? t('deviceSettings.clients.count', { count: clients.data.clients.length }) : ''}
        </Typography.Text>
        <Button
          icon={<ReloadOutlined aria-hidden />}
          loading={clients.isFetching}
          onClick={() => void clients.refetch()}
        >
          {t('deviceSettings.clients.refresh')}
        </Button>
      </Flex>
      {clients.isError && (
        <Alert
          type="error"
          showIcon
          title={translateKey(failure?.messageKey ?? 'deviceSettings.loadFailed')}
        />
      )}
      <Table<WifiClient>
        rowKey="mac"
        dataSource={clients.data?.clients ?? []}
        loading={clients.isPending}
        pagination={false}
        size="middle"
        scroll={{ x: 'max-content' }}
        // In the theme's secondary text, not the table's disabled grey, which is below AA contrast.
        locale={{
          emptyText: <Typography.Text type="secondary">{t('deviceSettings.clients.empty')}</Typography.Text>,
        }}
        columns={[
          {
            title: t('deviceSettings.clients.mac'),
            key: 'mac',
            render: (_, client) => <Typography.Text code>{client.mac}</Typography.Text>,
          },
          {
            title: t('deviceSettings.clients.hostname'),
            key: 'hostname',
            render: (_, client) => client.hostname || NONE,
          },
          { title: t('deviceSettings.clients.ip'), key: 'ip', render: (_, client) => client.ip || NONE },
          {
            title: t('deviceSettings.clients.ssid'),
            key: 'ssid',
            render: (_, client) =>
              [client.ssid, client.band && bandLabel(t, client.band)].filter(Boolean).join(' · ') || NONE,
          },
          {
            title: t('deviceSettings.clients.signal'),
            key: 'signal',
            align: 'right',
            render: (_, client) =>
              client.signal === undefined ? NONE : t('devices.info.signalValue', { dbm: client.signal }),
          },
          {
            title: t('deviceSettings.clients.traffic'),
            key: 'traffic',
            render: (_, client) =>
              t('deviceSettings.clients.trafficValue', {
                down: formatBytes(client.rxBytes),
                up: formatBytes(client.txBytes),
              }),
          },
          {
            title: t('deviceSettings.clients.onlineTime'),
            key: 'online',
            render: (_, client) =>
              client.onlineSeconds === undefined ? NONE : formatUptime(client.onlineSeconds, t),
          },
        ]}
      />
    </Flex>
  )
}
