import { can } from '@canopy/shared/permissions'
import { firmwareListRequest, firmwarePackageRequest, firmwareUsableQuery } from '@canopy/shared/validation'
import { operatorRoute, signedInRoute } from '../../http/route'
import type { FirmwareService } from './firmware.service'

/** The console's package list, usable versions and delete (admins per §6), and the operator's. */
export function firmwareRoutes({ firmware }: { firmware: FirmwareService }) {
  return [
    signedInRoute({
      permission: can.device('upgrade'),
      method: 'POST',
      path: '/backend/firmware/list',
      body: firmwareListRequest,
      handler: ({ principal, body }) => firmware.list(principal, body),
    }),
    signedInRoute({
      permission: can.device('upgrade'),
      method: 'GET',
      path: '/backend/firmware/usable',
      query: firmwareUsableQuery,
      handler: ({ principal, query }) => firmware.usable(principal, query.model),
    }),
    signedInRoute({
      permission: can.device('upgrade'),
      method: 'POST',
      path: '/backend/firmware/delete',
      body: firmwarePackageRequest,
      handler: async ({ principal, body }) => {
        await firmware.delete({ kind: 'account', principal }, body.id)
        return {}
      },
    }),
    operatorRoute({
      method: 'POST',
      path: '/operator/firmware/list',
      body: firmwareListRequest,
      handler: ({ body }) => firmware.list(undefined, body),
    }),
    operatorRoute({
      method: 'POST',
      path: '/operator/firmware/delete',
      body: firmwarePackageRequest,
      handler: async ({ body }) => {
        await firmware.delete({ kind: 'operator' }, body.id)
        return {}
      },
    }),
  ]
}
