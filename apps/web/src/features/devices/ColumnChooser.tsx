import { SettingOutlined } from '@ant-design/icons'
import { Button, Checkbox, Flex, Popover } from 'antd'
import { useTranslation } from 'react-i18next'
import { DEVICE_COLUMN_KEYS, type DeviceColumnKey } from './column-preferences'
import { deviceColumnTitles } from './device-columns'

export interface ColumnChooserProps {
  shown: readonly DeviceColumnKey[]
  onChange: (keys: DeviceColumnKey[]) => void
  onReset: () => void
}

/** Which of the device list's columns show; at least one stays. */
export function ColumnChooser({ shown, onChange, onReset }: ColumnChooserProps) {
  const { t } = useTranslation()
  const titles = deviceColumnTitles(t)
  const last = shown.length === 1 ? shown[0] : undefined
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('devices.list.columnChooserTitle')}
      content={
        <Flex vertical gap={8}>
          <Checkbox.Group<DeviceColumnKey>
            value={[...shown]}
            onChange={(keys) => onChange(keys)}
            aria-label={t('devices.list.columnChooserTitle')}
            style={{ display: 'grid', gridTemplateColumns: 'repeat(2, max-content)', gap: '4px 16px' }}
            options={DEVICE_COLUMN_KEYS.map((key) => ({
              value: key,
              label: titles[key],
              disabled: key === last,
            }))}
          />
          <Button size="small" onClick={onReset} style={{ alignSelf: 'flex-start' }}>
            {t('devices.list.defaultColumns')}
          </Button>
        </Flex>
      }
    >
      <Button icon={<SettingOutlined aria-hidden />}>{t('devices.list.columnChooser')}</Button>
    </Popover>
  )
}
