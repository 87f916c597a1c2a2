import { DownOutlined } from '@ant-design/icons'
import { Button, Dropdown, Flex, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { deviceActionLabels } from './action-labels'
import type { Device } from './api'
import type { DeviceAction } from './list-actions'

export interface BatchToolbarProps {
  selection: readonly Device[]
  /** the permitted actions, in toolbar order */
  actions: readonly DeviceAction[]
  onRun: (action: DeviceAction, devices: readonly Device[], options?: { led?: boolean }) => void
}

/** What can be done to the selected devices: one button per permitted action. */
export function BatchToolbar({ selection, actions, onRun }: BatchToolbarProps) {
  const { t } = useTranslation()
  const labels = deviceActionLabels(t)
  return (
    <Flex
      gap={8}
      align="center"
      wrap
      role="toolbar"
      aria-label={t('devices.list.selected', { count: selection.length })}
    >
      <Typography.Text>{t('devices.list.selected', { count: selection.length })}</Typography.Text>
      {actions.map((action) =>
        action === 'led' ? (
          <Dropdown
            key={action}
            trigger={['click']}
            menu={{
              items: [
                { key: 'on', label: t('deviceOperations.actions.ledOn') },
                { key: 'off', label: t('deviceOperations.actions.ledOff') },
              ],
              onClick: ({ key }) => onRun('led', selection, { led: key === 'on' }),
            }}
          >
            <Button>
              {labels.led} <DownOutlined />
            </Button>
          </Dropdown>
        ) : (
          <Button
            key={action}
            danger={action === 'unbind' || action === 'delete'}
            onClick={() => onRun(action, selection)}
          >
            {labels[action]}
          </Button>
        ),
      )}
    </Flex>
  )
}
