import { Modal } from 'antd'
import { type ReactElement, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../shared/api'
import '../../shared/i18n/device-operations-messages'
import { translateKey } from '../../shared/i18n/i18n'
import { toast } from '../../shared/ui/feedback'
import type { Device } from './api'
import { BatchProgressModal } from './BatchProgressModal'
import { deviceLabel } from './labels'
import type { DeviceOperation } from './list-actions'
import { type OperationStarted, useRebootDevices, useSetLeds } from './operations-api'
import { TimedRebootModal } from './TimedRebootModal'
import { WifiBatchModal } from './WifiBatchModal'

export interface DeviceOperations {
  /** starts an operation the batch rules allowed: asks, or opens its dialog, then follows it */
  start: (operation: DeviceOperation, devices: readonly Device[], options?: { led?: boolean }) => void
  dialogs: ReactElement
}

interface Following {
  operationId: number
  action: DeviceOperation
  devices: readonly Device[]
}

/**
 * Reboot, WiFi, timed reboot and LED for a selection. Once the server has accepted one, its
 * progress shows device by device; a refusal (offline 600400186, not one model…) is a toast.
 */
export function useDeviceOperations(): DeviceOperations {
  const { t } = useTranslation()
  const [modal, holder] = Modal.useModal()
  const [editing, setEditing] = useState<{ action: 'wifi' | 'timedReboot'; devices: readonly Device[] }>()
  const [following, setFollowing] = useState<Following>()
  const reboot = useRebootDevices()
  const leds = useSetLeds()

  async function send(
    action: DeviceOperation,
    devices: readonly Device[],
    call: () => Promise<OperationStarted>,
  ) {
    try {
      const { operation_id } = await call()
      setFollowing({ operationId: operation_id, action, devices })
    } catch (error) {
      // Listed codes (offline, no permission) were toasted by the client already.
      if (isApiError(error) && !error.shown) void toast.error(translateKey(error.messageKey))
    }
  }

  function start(action: DeviceOperation, devices: readonly Device[], options: { led?: boolean } = {}) {
    const ids = devices.map((device) => device.id)
    if (action === 'wifi' || action === 'timedReboot') return setEditing({ action, devices })
    if (action === 'led')
      return void send(action, devices, () => leds.mutateAsync({ ids, led: options.led ?? true }))
    const only = devices.length === 1 ? devices[0] : undefined
    modal.confirm({
      title: only
        ? t('deviceOperations.reboot.title', { name: deviceLabel(only) })
        : t('deviceOperations.reboot.titleMany', { count: devices.length }),
      content: t('deviceOperations.reboot.content'),
      okText: t('deviceOperations.actions.reboot'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      // The server answers once every device has taken the command: the button spins until then.
      onOk: () => send(action, devices, () => reboot.mutateAsync(ids)),
    })
  }

  function started(operationId: number) {
    if (!editing) return
    setFollowing({ operationId, action: editing.action, devices: editing.devices })
    setEditing(undefined)
  }

  const dialogs = (
    <>
      {holder}
      {editing?.action === 'wifi' && (
        <WifiBatchModal devices={editing.devices} onClose={() => setEditing(undefined)} onStarted={started} />
      )}
      {editing?.action === 'timedReboot' && (
        <TimedRebootModal
          devices={editing.devices}
          onClose={() => setEditing(undefined)}
          onStarted={started}
        />
      )}
      {following && (
        <BatchProgressModal
          key={following.operationId}
          operationId={following.operationId}
          action={following.action}
          devices={following.devices}
          onClose={() => setFollowing(undefined)}
        />
      )}
    </>
  )
  return { start, dialogs }
}
