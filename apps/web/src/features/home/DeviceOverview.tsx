import { can } from '@canopy/shared/permissions'
import { Alert, Button, Card, Col, Flex, Row, Statistic, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { ErrorWithRetry } from '../../shared/ui/ErrorWithRetry'
import '../../shared/i18n/device-messages'
import { PageSpinner } from '../../shared/ui/PageSpinner'
import { usePermits } from '../auth/grants'
import { useDeviceStatistics } from '../devices/api'
import { TrafficCard } from '../traffic/TrafficCard'
import { DevicesByType } from './DevicesByType'
import { RecentOffline } from './RecentOffline'

const DEVICE_LIST = '/device/management'

/**
 * The home page's project overview: device counts, traffic and online clients over time, devices
 * by type and the devices that went offline last, all within the caller's scope (the
 * server's statistics). The counts follow status changes as the device list does.
 */
export function DeviceOverview() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const permitted = usePermits()
  const statistics = useDeviceStatistics({ live: true })
  const data = statistics.data
  const title = (
    <Typography.Title level={2} id="device-overview" style={{ fontSize: 18 }}>
      {t('devices.overview.title')}
    </Typography.Title>
  )

  if (!data) {
    return (
      <section aria-labelledby="device-overview">
        {title}
        {statistics.isError ? (
          <ErrorWithRetry
            title={t('devices.overview.loadFailed')}
            onRetry={() => statistics.refetch()}
            retrying={statistics.isFetching}
          />
        ) : (
          <PageSpinner />
        )}
      </section>
    )
  }

  const counts = [
    { key: 'total', label: t('devices.overview.total'), value: data.total },
    { key: 'online', label: t('devices.overview.online'), value: data.online },
    { key: 'offline', label: t('devices.overview.offline'), value: data.offline },
  ]

  return (
    <section aria-labelledby="device-overview">
      {title}
      <Flex vertical gap={16}>
        {data.total === 0 && (
          <Alert
            type="info"
            showIcon
            title={t('devices.overview.noDevices')}
            action={
              permitted(can.device('view')) ? (
                <Button size="small" onClick={() => void navigate(DEVICE_LIST)}>
                  {t('devices.overview.openDevices')}
                </Button>
              ) : undefined
            }
          />
        )}
        <Row gutter={[16, 16]}>
          {counts.map((count) => (
            <Col key={count.key} xs={24} sm={8}>
              <Card>
                <Statistic title={count.label} value={count.value} />
              </Card>
            </Col>
          ))}
        </Row>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            <TrafficCard />
          </Col>
          <Col xs={24} xl={8}>
            <Flex vertical gap={16}>
              <DevicesByType byType={data.by_type} />
              <RecentOffline devices={data.recent_offline} />
            </Flex>
          </Col>
        </Row>
      </Flex>
    </section>
  )
}
