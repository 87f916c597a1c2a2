import { Card, Flex, Progress, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/device-messages'
import type { DeviceStatistics } from '../devices/api'
import { deviceTypeLabels } from '../devices/labels'

/** Each device type with how many of its devices are online (§2 home: devices by type). */
export function DevicesByType({ byType }: { byType: DeviceStatistics['by_type'] }) {
  const { t } = useTranslation()
  const labels = deviceTypeLabels(t)
  return (
    <Card title={<h3 style={{ margin: 0, fontSize: 16 }}>{t('devices.overview.byType')}</h3>}>
      <Flex vertical gap={12}>
        {byType.map((entry) => {
          const summary = t('devices.overview.onlineOfTotal', { online: entry.online, total: entry.total })
          return (
            <div key={entry.type}>
              <Flex justify="space-between" gap={8}>
                <Typography.Text>{labels[entry.type] ?? entry.type}</Typography.Text>
                <Typography.Text type="secondary">{summary}</Typography.Text>
              </Flex>
              <Progress
                percent={entry.total === 0 ? 0 : Math.round((entry.online / entry.total) * 100)}
                showInfo={false}
                size="small"
                aria-label={`${labels[entry.type] ?? entry.type}: ${summary}`}
              />
            </div>
          )
        })}
      </Flex>
    </Card>
  )
}
