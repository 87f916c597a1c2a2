import { can } from '@canopy/shared/permissions'
import { THING_NAME_PATTERN } from '@canopy/shared/protocol'
import { firmwareListRequest, firmwarePackageRequest, firmwareUsableQuery } from '@canopy/shared/validation'
import { z } from 'zod'
import { operatorRoute, signedInRoute } from '../../http/route'
import type { FirmwareService } from './firmware.service'

const firmwareLinkRequest = firmwarePackageRequest.extend({
  thing: z.string().regex(THING_NAME_PATTERN, { error: 'validation.id_tips' }),
  ttl: z.number().int().min(1).max(3600).optional(),
})

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
    // A device's link to an image, for an operator fetching it as that device would (and the bench).
    operatorRoute({
      method: 'POST',
      path: '/operator/firmware/link',
      body: firmwareLinkRequest,
      handler: ({ body }) => ({ url: firmware.downloadUrl(body.id, body.thing, body.ttl) }),
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
