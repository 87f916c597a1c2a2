import { ACTION_PERMISSIONS } from '@canopy/shared/batch-rules'
import { ErrorCode } from '@canopy/shared/errors'
import { can } from '@canopy/shared/permissions'
import { registrationRequest } from '@canopy/shared/protocol'
import {
  bindRequest,
  clientsOnlineRequest,
  deviceListRequest,
  deviceMoveRequest,
  deviceQuery,
  deviceSelection,
  normaliseMac,
} from '@canopy/shared/validation'
import type { RateLimitSettings } from '../../http/rate-limit'
import { publicRoute, signedInRoute } from '../../http/route'
import type { DevicesService } from './devices.service'
import type { OverviewService } from './overview.service'
import type { RegistrationService } from './registration.service'

export function devicesRoutes(deps: {
  devices: DevicesService
  overview: OverviewService
  registration: RegistrationService
  revokeIdentity: (thing: string) => Promise<void>
  limits: Pick<RateLimitSettings, 'bindPerMinute'>
  /** the tenant's devices whose configuration drifted (the backups area keeps them) */
  driftedDevices: (tenantId: number) => Promise<number[]>
  /** the tenant's devices holding a configuration template (the templates area keeps them) */
  templateDevices: (tenantId: number, templateId: number) => Promise<number[]>
}) {
  const { devices, overview, registration } = deps
  return [
    signedInRoute({
      permission: can.device('view'),
      method: 'POST',
      path: '/backend/device/list',
      body: deviceListRequest,
      handler: async ({ principal, body }) => {
        const tenantId = principal.account.tenantId
        // Other areas' filters name the devices they keep; both given, a device must be in both.
        const kept = [
          body.drift ? await deps.driftedDevices(tenantId) : undefined,
          body.tpl ? await deps.templateDevices(tenantId, body.tpl) : undefined,
        ].filter((ids): ids is number[] => ids !== undefined)
        const onlyIds = kept.reduce<number[] | undefined>(
          (both, ids) => (both === undefined ? ids : both.filter((id) => ids.includes(id))),
          undefined,
        )
        return devices.list(principal, body, onlyIds)
      },
    }),
    signedInRoute({
      permission: can.device('view'),
      method: 'POST',
      path: '/backend/device/infos',
      body: deviceQuery,
      handler: ({ principal, body }) => devices.info(principal, body.id),
    }),
    signedInRoute({
      permission: can.device('bind'),
      method: 'POST',
      path: '/backend/device/bind',
      body: bindRequest,
      // §8 bind-device codes: the dialog's own "password empty".
      validationCodes: { 'validation.pwd_empty': ErrorCode.BIND_PASSWORD_EMPTY },
      // Each try costs a device-chosen scrypt and answers whether a password is right.
      rateLimit: {
        name: 'device-bind',
        points: deps.limits.bindPerMinute,
        durationSeconds: 60,
        keys: ({ facts, principal }) => [`ip:${facts.ip}`, `account:${principal!.account.id}`],
      },
      handler: ({ principal, body }) => devices.bind(principal, body),
    }),
    signedInRoute({
      permission: ACTION_PERMISSIONS.unbind,
      method: 'POST',
      path: '/backend/device/unbind',
      body: deviceSelection,
      handler: async ({ principal, body }) => {
        await devices.unbind(principal, body.ids)
        return null
      },
    }),
    signedInRoute({
      permission: ACTION_PERMISSIONS.delete,
      method: 'POST',
      path: '/backend/device/deletes',
      body: deviceSelection,
      handler: async ({ principal, body }) => {
        await devices.remove(principal, body.ids, deps.revokeIdentity)
        return null
      },
    }),
    signedInRoute({
      permission: ACTION_PERMISSIONS.move,
      method: 'POST',
      path: '/backend/device/transgroup',
      body: deviceMoveRequest,
      handler: async ({ principal, body }) => {
        await devices.move(principal, body.ids, body.gid)
        return null
      },
    }),
    signedInRoute({
      permission: can.anyone,
      method: 'GET',
      path: '/backend/device/statistics',
      handler: ({ principal }) => overview.statistics(principal),
    }),
    signedInRoute({
      permission: can.anyone,
      method: 'GET',
      path: '/backend/device/types',
      handler: ({ principal }) => overview.types(principal),
    }),
    signedInRoute({
      permission: can.anyone,
      method: 'POST',
      path: '/backend/user/statistics/clients/onlines',
      body: clientsOnlineRequest,
      handler: ({ principal, body }) => overview.onlineClients(principal, body.hours, body.gid),
    }),
    // Devices themselves: signed with their product's secret (docs/protocol.md, "Provisioning").
    publicRoute({
      method: 'POST',
      path: '/device/register',
      body: registrationRequest,
      rateLimit: {
        name: 'device-register',
        points: 10,
        durationSeconds: 60,
        // One counter per device, however it writes its MAC (02c1…, 02-C1-…, 02:C1:…).
        keys: ({ body }) => [`mac:${normaliseMac(body.mac)}`],
      },
      handler: ({ body, facts }) => registration.register(body, new URL(facts.origin).hostname),
    }),
  ]
}
