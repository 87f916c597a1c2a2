import { ALARM_MESSAGE_KEYS, type AlarmCategory } from '@canopy/shared/validation'
import type { Executor } from '../../db/client'
import type { DevicesService } from '../devices/devices.service'
import type { MessagesService, NewMessage } from '../messages/messages.service'
import type { AlarmReceivers } from './alarm-receivers'
import type { AlarmSettingsDirectory } from './alarm-settings-directory'
import { type AlarmRow, alarmsRepository } from './alarms.repository'

/**
 * Tells the receivers of devices' alarms that they fired or recovered, as system messages
 * (modules/messages) with the pushes each setting asks for. A batch (the alarms one fire batch
 * fired) costs a few statements, not a few per alarm: the devices and the receivers' accounts are
 * read in one query each, the messages filed in one transaction whose commit signals every badge
 * once, and the rows marked in one update. The rows are marked once the messages are posted: a
 * process killed in between posts them again at start (at least once, never lost —
 * `MessagesService.postEach` has its own transaction, so the two cannot commit as one).
 */
export class AlarmNotifier {
  constructor(
    private readonly deps: {
      db: Executor
      messages: Pick<MessagesService, 'postEach'>
      devices: Pick<DevicesService, 'findByIds'>
      settings: AlarmSettingsDirectory
      receivers: AlarmReceivers
    },
  ) {}

  async tell(alarms: AlarmRow[], which: 'fired' | 'recovered'): Promise<void> {
    if (alarms.length === 0) return
    const devices = new Map(
      (await this.deps.devices.findByIds(alarms.map((alarm) => alarm.deviceId))).map((device) => [
        device.id,
        device,
      ]),
    )
    // A device given to another tenant since: its old tenant's alarm is closed without a message.
    const told = alarms.flatMap((alarm) => {
      const device = devices.get(alarm.deviceId)
      return device && device.tenantId === alarm.tenantId ? [{ alarm, device }] : []
    })
    const targets = told.map(({ alarm, device }) => ({
      tenantId: alarm.tenantId,
      target: { deviceId: device.id, projectId: device.projectId },
    }))
    const [settings, allowed] = await Promise.all([
      Promise.all(targets.map(({ tenantId, target }) => this.deps.settings.effective(tenantId, target))),
      this.deps.receivers.candidatesOfEach(targets),
    ])
    const messages = told.map(({ alarm, device }, index): NewMessage => {
      const setting = settings[index]!
      const chosen = setting.notice?.uids
      const category = alarm.category as AlarmCategory
      return {
        tenantId: alarm.tenantId,
        accountIds: allowed[index]!.filter((receiver) =>
          chosen ? chosen.includes(receiver.uid) : receiver.primary,
        ).map((receiver) => receiver.uid),
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
      }
    })
    await this.deps.messages.postEach(messages)
    await alarmsRepository(this.deps.db).markNotified(
      alarms.map((alarm) => alarm.id),
      which,
    )
  }
}
