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
      permission: can.device('edit'),
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
        })
      },
    }),
    signedInRoute({
      permission: can.device('edit'),
      method: 'POST',
      path: '/backend/device/setnetwork',
      body: setNetworkRequest,
      handler: ({ principal, body }) =>
        settings.apply(principal, [body.id], {
          section: 'network',
          values: json(body.settings),
          action: 'device.setnetwork',
        }),
    }),
    signedInRoute({
      permission: can.device('edit'),
      method: 'POST',
      path: '/backend/device/setwifi',
      body: setWifiRequest,
      handler: ({ principal, body }) =>
        settings.apply(principal, [body.id], {
          section: 'wifi',
          values: json(body.settings),
          action: 'device.setwifi',
        }),
    }),
    signedInRoute({
      permission: can.device('edit'),
      method: 'POST',
      path: '/backend/device/setwifis',
      body: setWifisRequest,
      handler: ({ principal, body }) =>
        settings.apply(principal, body.ids, {
          section: 'wifi',
          values: json(body.settings),
          action: 'device.setwifis',
        }),
    }),
    signedInRoute({
      permission: can.device('edit'),
      method: 'POST',
      path: '/backend/device/setrepeater',
      body: setRepeaterRequest,
      handler: ({ principal, body }) =>
        settings.apply(principal, [body.id], {
          section: 'repeater',
          values: json(body.settings),
          action: 'device.setrepeater',
        }),
    }),
    signedInRoute({
      permission: can.device('reboot'),
      method: 'POST',
      path: '/backend/device/timerestart',
      body: timeRestartRequest,
      handler: ({ principal, body }) =>
        settings.apply(principal, body.ids, {
          section: 'system',
          values: json({ timedReboot: body.timedReboot }),
          action: 'device.timerestart',
        }),
    }),
    signedInRoute({
      permission: can.device('edit'),
      method: 'POST',
      path: '/backend/device/setleds',
      body: ledRequest,
      handler: ({ principal, body }) =>
        settings.apply(principal, body.ids, {
          section: 'system',
          values: { led: body.led },
          action: 'device.setleds',
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
