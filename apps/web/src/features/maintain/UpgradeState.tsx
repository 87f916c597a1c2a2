import { can } from '@canopy/shared/permissions'
import { Flex, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/maintain-messages'
import { usePermits } from '../auth/grants'
import { type DeviceUpgradeState, useDeviceUpgradeStates } from './api'

const COLOURS = { waiting: 'default', upgrading: 'processing', failed: 'error', success: 'success' } as const

/** A device's upgrade status and the newer version it could take, under its firmware version. */
export function UpgradeState({ state }: { state: DeviceUpgradeState | undefined }) {
  const { t } = useTranslation()
  if (!state || (!state.upgrade_status && !state.latest_version)) return null
  return (
    <Flex gap={4} wrap align="center">
      {state.upgrade_status && (
        <Tag color={COLOURS[state.upgrade_status]} style={{ marginInlineEnd: 0 }}>
          {t(`maintain.device.statuses.${state.upgrade_status}`)}
        </Tag>
      )}
      {state.latest_version && state.upgrade_status !== 'upgrading' && state.upgrade_status !== 'waiting' && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('maintain.device.newer', { version: state.latest_version })}
        </Typography.Text>
      )}
    </Flex>
  )
}

/** The device detail's line: its upgrade status, for accounts that may upgrade (the call is theirs). */
export function DeviceUpgradeStatus({ deviceId }: { deviceId: number }) {
  const permitted = usePermits()
  const states = useDeviceUpgradeStates([deviceId], permitted(can.device('upgrade')))
  return <UpgradeState state={states.data?.list.find((state) => state.id === deviceId)} />
}

/**
 * Why a device cannot take a new upgrade order from the list, beyond the shared batch rule: no
 * newer package for its model (§5 "a matching firmware package"), or one already under way.
 * Unknown (not loaded, another page's device): no refusal, the server decides.
 */
export function upgradeStateRefusal(state: DeviceUpgradeState | undefined): string | undefined {
  if (!state) return undefined
  if (!state.latest_version) return 'maintain.device.noNewerReason'
  return undefined
}
