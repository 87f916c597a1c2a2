import { can } from '@canopy/shared/permissions'
import {
  alarmAcknowledgeRequest,
  alarmConfigsRequest,
  alarmListRequest,
  alarmMuteRequest,
  alarmNoticeSetRequest,
  alarmSetRequest,
} from '@canopy/shared/validation'
import { signedInRoute } from '../../http/route'
import type { AlarmsService } from './alarms.service'

/**
 * Alarm settings (§7 `device/alarm/configs`, `alarm/set`, `alarm/notice/set`, plus the mute) of a
 * device (`id`) or a project (`gid`), and the tenant's alarm list with acknowledge (issue 15).
 * Seeing needs the device view function; changing needs edit (a guest cannot, §6).
 */
export function alarmsRoutes({ alarms }: { alarms: AlarmsService }) {
  const ok = {}
  return [
    signedInRoute({
      permission: can.device('view'),
      method: 'POST',
      path: '/backend/device/alarm/configs',
      body: alarmConfigsRequest,
      handler: ({ principal, body }) => alarms.configs(principal, body),
    }),
    signedInRoute({
      permission: can.device('edit'),
      method: 'POST',
      path: '/backend/device/alarm/set',
      body: alarmSetRequest,
      handler: async ({ principal, body }) => {
        await alarms.set(principal, body)
        return ok
      },
    }),
    signedInRoute({
      permission: can.device('edit'),
      method: 'POST',
      path: '/backend/device/alarm/notice/set',
      body: alarmNoticeSetRequest,
      handler: async ({ principal, body }) => {
        await alarms.setNotice(principal, body)
        return ok
      },
    }),
    signedInRoute({
      permission: can.device('edit'),
      method: 'POST',
      path: '/backend/device/alarm/mute',
      body: alarmMuteRequest,
      handler: ({ principal, body }) => alarms.mute(principal, body),
    }),
    signedInRoute({
      permission: can.device('view'),
      method: 'POST',
      path: '/backend/alarm/list',
      body: alarmListRequest,
      handler: ({ principal, body }) => alarms.list(principal, body),
    }),
    signedInRoute({
      permission: can.device('edit'),
      method: 'POST',
      path: '/backend/alarm/ack',
      body: alarmAcknowledgeRequest,
      handler: async ({ principal, body }) => {
        await alarms.acknowledge(principal, body.ids)
        return ok
      },
    }),
  ]
}
