import type { TFunction } from 'i18next'
import '../../shared/i18n/device-operations-messages'
import '../../shared/i18n/maintain-messages'
import type { DeviceAction } from './list-actions'

/** The buttons' words for each action, in the toolbar and on the rows alike. */
export function deviceActionLabels(t: TFunction): Record<DeviceAction, string> {
  return {
    move: t('devices.actions.move'),
    unbind: t('devices.actions.unbind'),
    delete: t('devices.actions.delete'),
    reboot: t('deviceOperations.actions.reboot'),
    wifi: t('deviceOperations.actions.wifi'),
    timedReboot: t('deviceOperations.actions.timedReboot'),
    led: t('deviceOperations.actions.led'),
    upgrade: t('maintain.device.upgrade'),
  }
}
