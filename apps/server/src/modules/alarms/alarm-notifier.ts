import { ALARM_MESSAGE_KEYS, type AlarmCategory } from '@canopy/shared/validation'
import type { Executor } from '../../db/client'
import type { DevicesService } from '../devices/devices.service'
import type { MessagesService } from '../messages/messages.service'
import type { AlarmReceivers } from './alarm-receivers'
import type { AlarmSettingsDirectory } from './alarm-settings-directory'
import { type AlarmRow, alarmsRepository } from './alarms.repository'

/**
 * Tells the receivers of a device's alarms that one fired or recovered, as a system message
 * (modules/messages) with the pushes the setting asks for. The row is marked once the message is
 * posted: a process killed in between posts it again at start (at least once, never lost —
 * `MessagesService.post` has its own transaction, so the two cannot commit as one).
 */
export class AlarmNotifier {
  constructor(
    private readonly deps: {
      db: Executor
      messages: Pick<MessagesService, 'post'>
      devices: Pick<DevicesService, 'findById'>
      settings: AlarmSettingsDirectory
      receivers: AlarmReceivers
    },
  ) {}

  async tell(alarm: AlarmRow, which: 'fired' | 'recovered'): Promise<void> {
    const device = await this.deps.devices.findById(alarm.deviceId)
    // A device given to another tenant since: its old tenant's alarm is closed without a message.
    if (device && device.tenantId === alarm.tenantId) {
      const target = { deviceId: device.id, projectId: device.projectId }
      const setting = await this.deps.settings.effective(alarm.tenantId, target)
      const allowed = await this.deps.receivers.candidates(alarm.tenantId, target)
      const chosen = setting.notice?.uids
      const accountIds = allowed
        .filter((receiver) => (chosen ? chosen.includes(receiver.uid) : receiver.primary))
        .map((receiver) => receiver.uid)
      const category = alarm.category as AlarmCategory
      await this.deps.messages.post({
        tenantId: alarm.tenantId,
        accountIds,
        kind: which === 'fired' ? 'alarm' : 'recovery',
        titleKey: ALARM_MESSAGE_KEYS[category][which],
        params: {
          device: device.name ?? device.mac,
          mac: device.mac,
          ...(alarm.value === null ? {} : { value: alarm.value }),
          ...(alarm.threshold === null ? {} : { threshold: alarm.threshold }),
          ...(alarm.detail === null ? {} : { detail: alarm.detail }),
        },
        link: `/device/detail?id=${device.id}`,
        push: { email: setting.notice?.email ?? false, wechat: setting.notice?.wechat ?? false },
      })
    }
    await alarmsRepository(this.deps.db).markNotified(alarm.id, which)
  }
}
