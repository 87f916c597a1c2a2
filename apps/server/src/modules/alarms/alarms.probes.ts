import { DEFAULT_ALARM_RULES } from '@canopy/shared/validation'
import type { RouteProbe } from '../../../test/probes'
import { alarmsRepository } from './alarms.repository'

/** Alarm settings name tenant A's device or project; the list is the caller's own. */
export const probes: RouteProbe[] = [
  {
    route: 'POST /backend/device/alarm/configs',
    about: 'tenant A',
    request: ({ world }) => ({ body: { id: world.a.devices.inP1 } }),
  },
  {
    route: 'POST /backend/device/alarm/set',
    about: 'tenant A',
    request: ({ world }) => ({ body: { gid: world.a.p1, rules: DEFAULT_ALARM_RULES } }),
  },
  {
    route: 'POST /backend/device/alarm/notice/set',
    about: 'tenant A',
    request: ({ world }) => ({
      body: { id: world.a.devices.inP1, email: false, wechat: false, uids: [world.a.owner.uid] },
    }),
  },
  {
    route: 'POST /backend/device/alarm/mute',
    about: 'tenant A',
    request: ({ world }) => ({ body: { id: world.a.devices.inP1, minutes: 0 } }),
  },
  {
    route: 'POST /backend/alarm/list',
    about: 'the caller',
    request: () => ({ body: { state: 'history', pageIndex: 1, pageOffset: 10 } }),
  },
  {
    route: 'POST /backend/alarm/ack',
    about: 'tenant A',
    request: async ({ world, app }) => {
      const repository = alarmsRepository(app.database.db)
      const now = new Date()
      const id = await repository.openPending({
        tenantId: world.a.tenantId,
        deviceId: world.a.devices.inP2,
        category: 'wan_ip_changed',
        pendingSince: now,
        fireAt: now,
      })
      const open = id ?? (await repository.openOf(world.a.devices.inP2, 'wan_ip_changed'))!.id
      await repository.fire([open], now)
      return { body: { ids: [open] } }
    },
  },
]
