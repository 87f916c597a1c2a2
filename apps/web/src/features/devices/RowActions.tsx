import { DownOutlined } from '@ant-design/icons'
import { decideBatch } from '@canopy/shared/batch-rules'
import type { Permission } from '@canopy/shared/permissions'
import { Button, Dropdown, Flex, type MenuProps, Space, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { translateKey } from '../../shared/i18n/i18n'
import { deviceDetailPath } from '../device-detail/detail-params'
import { deviceActionLabels } from './action-labels'
import type { Device } from './api'
import { deviceLabel } from './labels'
import type { DeviceAction } from './list-actions'
import type { RemoteService } from './use-remote-management'

export interface RowActionsProps {
  device: Device
  /** the row actions the caller's grants permit (the others are not offered at all) */
  actions: readonly DeviceAction[]
  permitted: (permission: Permission) => boolean
  onAction: (action: DeviceAction, device: Device) => void
  /** a refusal the batch rules cannot know (an upgrade needs a newer package): a message key */
  refusalOf?: (action: DeviceAction, device: Device) => string | undefined
  /** remote management, when the caller may use it */
  onRemote?: (device: Device, service: RemoteService) => void
}

/**
 * A row's actions: "Details" (a link, so it opens in a new tab too) and a "More" menu. An
 * action the shared rules refuse for this device is disabled there with its reason under it,
 * rather than refused after the click.
 */
export function RowActions({ device, actions, permitted, onAction, refusalOf, onRemote }: RowActionsProps) {
  const { t } = useTranslation()
  const labels = deviceActionLabels(t)
  const item = (key: string, label: string, refusal: string | undefined) => ({
    key,
    disabled: refusal !== undefined,
    danger: refusal === undefined && (key === 'unbind' || key === 'delete'),
    // A disabled menu item hears no hover: the reason is written under its name, and read with it.
    label: refusal ? (
      <Flex vertical>
        <span>{label}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 260, whiteSpace: 'normal' }}>
          {refusal}
        </Typography.Text>
      </Flex>
    ) : (
      label
    ),
  })
  const reasonOf = (action: DeviceAction) => {
    const decision = decideBatch(action, [device], permitted)
    if (!decision.allowed) return translateKey(decision.reason)
    const refusal = refusalOf?.(action, device)
    return refusal ? translateKey(refusal) : undefined
  }
  const remoteRefusal = device.status === 'online' ? undefined : t('devices.refusals.remoteOffline')
  const items: NonNullable<MenuProps['items']> = [
    ...actions.map((action) => item(action, labels[action], reasonOf(action))),
    ...(onRemote
      ? [
          ...(actions.length > 0 ? [{ type: 'divider' as const }] : []),
          item('remote:web', t('deviceOperations.actions.remoteWeb'), remoteRefusal),
          item('remote:diag', t('deviceOperations.actions.remoteDiag'), remoteRefusal),
        ]
      : []),
  ]

  function handleClick({ key }: { key: string }) {
    if (key === 'remote:web' || key === 'remote:diag')
      onRemote?.(device, key === 'remote:web' ? 'web' : 'diag')
    else onAction(key as DeviceAction, device)
  }

  return (
    <Space size={0}>
      <Link to={deviceDetailPath(device.id)} style={{ paddingInline: 7 }}>
        {t('devices.actions.details')}
      </Link>
      {items.length > 0 && (
        <Dropdown trigger={['click']} menu={{ items, onClick: handleClick }}>
          <Button
            type="link"
            size="small"
            aria-label={t('devices.actions.moreOf', { name: deviceLabel(device) })}
          >
            {t('devices.actions.more')} <DownOutlined aria-hidden />
          </Button>
        </Dropdown>
      )}
    </Space>
  )
}
