import { DownOutlined } from '@ant-design/icons'
import { Button, Dropdown } from 'antd'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/device-operations-messages'
import type { Device } from './api'
import { deviceLabel } from './labels'
import type { RemoteService } from './use-remote-management'

export interface RemoteMenuProps {
  device: Device
  onOpen: (device: Device, service: RemoteService) => void
}

/** A row's remote management: the device's own page or its diagnostics, online devices only. */
export function RemoteMenu({ device, onOpen }: RemoteMenuProps) {
  const { t } = useTranslation()
  return (
    <Dropdown
      disabled={device.status !== 'online'}
      trigger={['click']}
      menu={{
        items: [
          { key: 'web', label: t('deviceOperations.actions.remoteWeb') },
          { key: 'diag', label: t('deviceOperations.actions.remoteDiag') },
        ],
        onClick: ({ key }) => onOpen(device, key as RemoteService),
      }}
    >
      <Button
        type="link"
        size="small"
        aria-label={t('deviceOperations.actions.remoteOf', { name: deviceLabel(device) })}
      >
        {t('deviceOperations.actions.remote')} <DownOutlined />
      </Button>
    </Dropdown>
  )
}
