import { Card, Empty, Table, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../shared/format'
import '../../shared/i18n/device-messages'
import type { DeviceStatistics } from '../devices/api'

type Offline = DeviceStatistics['recent_offline'][number]

/** The devices that went offline last (name or MAC, model, since when). */
export function RecentOffline({ devices }: { devices: readonly Offline[] }) {
  const { t } = useTranslation()
  return (
    <Card title={<h3 style={{ margin: 0, fontSize: 16 }}>{t('devices.overview.recentOffline')}</h3>}>
      {devices.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('devices.overview.noneOffline')} />
      ) : (
        <Table<Offline>
          rowKey="id"
          dataSource={[...devices]}
          pagination={false}
          size="small"
          columns={[
            {
              title: t('devices.list.columns.name'),
              key: 'name',
              render: (_, device) => (
                <>
                  <div>{device.name ?? device.mac}</div>
                  {device.name && <Typography.Text type="secondary">{device.mac}</Typography.Text>}
                </>
              ),
            },
            { title: t('devices.info.model'), dataIndex: 'model' },
            {
              title: t('devices.overview.since'),
              key: 'since',
              render: (_, device) => formatDateTime(device.since) ?? '—',
            },
          ]}
        />
      )}
    </Card>
  )
}
