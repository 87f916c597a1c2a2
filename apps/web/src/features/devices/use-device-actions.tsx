import { decideBatch } from '@canopy/shared/batch-rules'
import type { Permission } from '@canopy/shared/permissions'
import { Modal } from 'antd'
import { lazy, type ReactElement, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/device-messages'
import { translateKey } from '../../shared/i18n/i18n'
import { confirmDanger } from '../../shared/ui/confirm-danger'
import { toast } from '../../shared/ui/feedback'
import type { GroupNode } from '../projects/api'
import { type Device, useDeleteDevices, useUnbindDevices } from './api'
import { deviceLabel } from './labels'
import type { DeviceAction, DeviceOperation } from './list-actions'
import { MoveDevicesModal } from './MoveDevicesModal'
import { useDeviceOperations } from './use-device-operations'

// The upgrade dialog (and the shared rules it checks) loads when first opened, not with the list.
const CreateOrderModal = lazy(() =>
  import('../maintain/CreateOrderModal').then((m) => ({ default: m.CreateOrderModal })),
)

export interface DeviceActions {
  /**
   * checks the §5 batch rules, then asks (unbind, delete, reboot), opens a dialog (move, WiFi,
   * timed reboot) or switches the LED (`led`: on or off)
   */
  run: (action: DeviceAction, devices: readonly Device[], options?: { led?: boolean }) => void
  /** render once: the confirmations, dialogs and progress view live there */
  dialogs: ReactElement
}

/**
 * Every action of the list, for one row or a selection. A batch the shared §5 rules refuse
 * (`permitted`: the caller's §6 grants) says why instead of calling the server; `onDone` hears
 * which devices a move, unbind or delete went through for.
 */
export function useDeviceActions(
  tree: readonly GroupNode[],
  permitted: (permission: Permission) => boolean,
  onDone: (action: DeviceAction, ids: number[]) => void,
): DeviceActions {
  const { t } = useTranslation()
  const [modal, holder] = Modal.useModal()
  const [moving, setMoving] = useState<readonly Device[]>()
  const [upgrading, setUpgrading] = useState<readonly Device[]>()
  const unbind = useUnbindDevices()
  const remove = useDeleteDevices()
  const operations = useDeviceOperations()

  function confirm(action: 'unbind' | 'delete', devices: readonly Device[]) {
    const only = devices.length === 1 ? devices[0] : undefined
    const ids = devices.map((device) => device.id)
    const texts =
      action === 'unbind'
        ? {
            title: only
              ? t('devices.unbind.title', { name: deviceLabel(only) })
              : t('devices.unbind.titleMany', { count: devices.length }),
            content: t('devices.unbind.content'),
            ok: t('devices.actions.unbind'),
            done: t('devices.unbind.done'),
          }
        : {
            title: only
              ? t('devices.delete.title', { name: deviceLabel(only) })
              : t('devices.delete.titleMany', { count: devices.length }),
            content: t('devices.delete.content'),
            ok: t('devices.actions.delete'),
            done: t('devices.delete.done'),
          }
    confirmDanger(modal, {
      title: texts.title,
      content: texts.content,
      okText: texts.ok,
      cancelText: t('common.cancel'),
      // §8: "Online devices cannot be deleted" when one came online meanwhile, and the like.
      run: () => (action === 'unbind' ? unbind : remove).mutateAsync(ids),
      done: texts.done,
      afterDone: () => onDone(action, ids),
    })
  }

  function run(action: DeviceAction, devices: readonly Device[], options?: { led?: boolean }) {
    const decision = decideBatch(action, devices, permitted)
    if (!decision.allowed) {
      void toast.error(translateKey(decision.reason))
      return
    }
    if (isOperation(action)) operations.start(action, devices, options)
    else if (action === 'move') setMoving(devices)
    else if (action === 'upgrade') setUpgrading(devices)
    else confirm(action, devices)
  }

  const dialogs = (
    <>
      {holder}
      {operations.dialogs}
      {upgrading && (
        <Suspense fallback={null}>
          <CreateOrderModal preset={upgrading} onClose={() => setUpgrading(undefined)} />
        </Suspense>
      )}
      {moving && (
        <MoveDevicesModal
          devices={moving}
          tree={tree}
          onClose={() => setMoving(undefined)}
          onMoved={() =>
            onDone(
              'move',
              moving.map((device) => device.id),
            )
          }
        />
      )}
    </>
  )
  return { run, dialogs }
}

function isOperation(action: DeviceAction): action is DeviceOperation {
  return action === 'reboot' || action === 'wifi' || action === 'timedReboot' || action === 'led'
}
