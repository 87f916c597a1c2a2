import { ACTION_PERMISSIONS } from '@canopy/shared/batch-rules'
import { can } from '@canopy/shared/permissions'
import type { JsonObject } from '@canopy/shared/protocol'
import {
  deviceQuery,
  ledRequest,
  setNetworkRequest,
  setRepeaterRequest,
  setSystemRequest,
  settingsActionRequest,
  setWifiRequest,
  setWifisRequest,
  timeRestartRequest,
} from '@canopy/shared/validation'
import { signedInRoute } from '../../http/route'
import type { DevicesService } from '../devices/devices.service'
import type { SettingsService } from './settings.service'

/** Parsed settings are JSON by construction (they came in as JSON). */
const json = (values: unknown) => values as JsonObject

/** §7 device settings; setnetwork, setrepeater, setleds and the settings calls are ours (docs/decisions.md). */
export function settingsRoutes({
  settings,
  devices,
}: {
  settings: SettingsService
  devices: DevicesService
}) {
  return [
    signedInRoute({
      permission: ACTION_PERMISSIONS.settings,
      method: 'POST',
      path: '/backend/device/setsystem',
      body: setSystemRequest,
      handler: async ({ principal, body }) => {
        if (body.name !== undefined || body.remark !== undefined) {
          await devices.rename(principal, body.id, { name: body.name, remark: body.remark })
        }
        if (!body.settings) return null
        return settings.apply(principal, [body.id], {
          section: 'system',
          values: json(body.settings),
          action: 'device.setsystem',
          rule: 'settings',
        })
      },
    }),
    signedInRoute({
      permission: ACTION_PERMISSIONS.settings,
      method: 'POST',
      path: '/backend/device/setnetwork',
      body: setNetworkRequest,
      handler: ({ principal, body }) =>
        settings.apply(principal, [body.id], {
          section: 'network',
          values: json(body.settings),
          action: 'device.setnetwork',
          rule: 'settings',
        }),
    }),
    signedInRoute({
      permission: ACTION_PERMISSIONS.wifi,
      method: 'POST',
      path: '/backend/device/setwifi',
      body: setWifiRequest,
      handler: ({ principal, body }) =>
        settings.apply(principal, [body.id], {
          section: 'wifi',
          values: json(body.settings),
          action: 'device.setwifi',
          rule: 'wifi',
        }),
    }),
    signedInRoute({
      permission: ACTION_PERMISSIONS.wifi,
      method: 'POST',
      path: '/backend/device/setwifis',
      body: setWifisRequest,
      handler: ({ principal, body }) =>
        settings.apply(principal, body.ids, {
          section: 'wifi',
          values: json(body.settings),
          action: 'device.setwifis',
          rule: 'wifi',
        }),
    }),
    signedInRoute({
      permission: ACTION_PERMISSIONS.settings,
      method: 'POST',
      path: '/backend/device/setrepeater',
      body: setRepeaterRequest,
      handler: ({ principal, body }) =>
        settings.apply(principal, [body.id], {
          section: 'repeater',
          values: json(body.settings),
          action: 'device.setrepeater',
          rule: 'settings',
        }),
    }),
    signedInRoute({
      permission: ACTION_PERMISSIONS.timedReboot,
      method: 'POST',
      path: '/backend/device/timerestart',
      body: timeRestartRequest,
      handler: ({ principal, body }) =>
        settings.apply(principal, body.ids, {
          section: 'system',
          values: json({ timedReboot: body.timedReboot }),
          action: 'device.timerestart',
          rule: 'timedReboot',
        }),
    }),
    signedInRoute({
      permission: ACTION_PERMISSIONS.led,
      method: 'POST',
      path: '/backend/device/setleds',
      body: ledRequest,
      handler: ({ principal, body }) =>
        settings.apply(principal, body.ids, {
          section: 'system',
          values: { led: body.led },
          action: 'device.setleds',
          rule: 'led',
        }),
    }),
    signedInRoute({
      permission: can.device('view'),
      method: 'POST',
      path: '/backend/device/settings',
      body: deviceQuery,
      handler: ({ principal, body }) => settings.state(principal, body.id),
    }),
    signedInRoute({
      permission: can.device('edit'),
      method: 'POST',
      path: '/backend/device/settings/retry',
      body: settingsActionRequest,
      handler: ({ principal, body }) => settings.retry(principal, body.id, body.section),
    }),
    signedInRoute({
      permission: can.device('edit'),
      method: 'POST',
      path: '/backend/device/settings/revert',
      body: settingsActionRequest,
      handler: ({ principal, body }) => settings.revert(principal, body.id, body.section),
    }),
  ]
}
