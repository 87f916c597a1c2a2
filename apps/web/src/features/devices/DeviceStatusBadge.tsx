import { Badge } from 'antd'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/device-messages'
import type { DeviceStatus } from './api'

/** §4 online/offline, as a coloured dot and its word (the colour is never the only sign). */
export function DeviceStatusBadge({ status }: { status: DeviceStatus }) {
  const { t } = useTranslation()
  return status === 'online' ? (
    <Badge status="success" text={t('devices.status.online')} />
  ) : (
    <Badge status="default" text={t('devices.status.offline')} />
  )
}
