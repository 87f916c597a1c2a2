import { decideBatch } from '@canopy/shared/batch-rules'
import { can } from '@canopy/shared/permissions'
import { Button, Flex, Tag, Typography } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/maintain-messages'
import { translateKey } from '../../shared/i18n/i18n'
import { WithReason } from '../../shared/ui/WithReason'
import { usePermits } from '../auth/grants'
import type { Device } from '../devices/api'
import { type DeviceUpgradeState, useDeviceUpgradeStates } from './api'

// The order dialog (and the rules it checks) loads when first opened.
const CreateOrderModal = lazy(() =>
  import('./CreateOrderModal').then((m) => ({ default: m.CreateOrderModal })),
)

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

/**
 * The device detail's line: its upgrade status and, where a newer package exists, "Upgrade to …"
 * (refused with the shared batch rule's reason, e.g. offline), for accounts that may upgrade.
 */
export function DeviceUpgradeStatus({ device }: { device: Device }) {
  const { t } = useTranslation()
  const permitted = usePermits()
  const mayUpgrade = permitted(can.device('upgrade'))
  const states = useDeviceUpgradeStates([device.id], mayUpgrade)
  const [ordering, setOrdering] = useState(false)
  const state = states.data?.list.find((candidate) => candidate.id === device.id)
  const decision = decideBatch('upgrade', [device], permitted)
  const busy = state?.upgrade_status === 'waiting' || state?.upgrade_status === 'upgrading'
  return (
    <>
      <UpgradeState state={state} />
      {mayUpgrade && state?.latest_version && !busy && (
        <WithReason reason={decision.allowed ? undefined : translateKey(decision.reason)}>
          <Button size="small" onClick={() => setOrdering(true)}>
            {t('maintain.device.upgradeTo', { version: state.latest_version })}
          </Button>
        </WithReason>
      )}
      {ordering && (
        <Suspense fallback={null}>
          <CreateOrderModal preset={[device]} onClose={() => setOrdering(false)} />
        </Suspense>
      )}
    </>
  )
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
