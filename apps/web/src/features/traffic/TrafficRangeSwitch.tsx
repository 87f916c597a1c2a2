import { TRAFFIC_RANGES, type TrafficRange } from '@canopy/shared/validation'
import { Segmented } from 'antd'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/traffic-messages'

/** The last hour, day or week. */
export function TrafficRangeSwitch({
  value,
  onChange,
}: {
  value: TrafficRange
  onChange: (range: TrafficRange) => void
}) {
  const { t } = useTranslation()
  const labels: Record<TrafficRange, string> = {
    hour: t('traffic.ranges.hour'),
    day: t('traffic.ranges.day'),
    week: t('traffic.ranges.week'),
  }
  return (
    <Segmented
      size="small"
      aria-label={t('traffic.range')}
      value={value}
      onChange={(next) => onChange(next as TrafficRange)}
      options={TRAFFIC_RANGES.map((range) => ({ value: range, label: labels[range] }))}
    />
  )
}
