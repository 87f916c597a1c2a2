import { randomBytes } from 'node:crypto'
import type { RouteProbe } from '../../../test/probes'
import { firmwareRepository } from './firmware.repository'

/**
 * Packages belong to a whole tenant, not to a project: a child administrator scoped to some
 * projects lists them (to upgrade its devices) but may not change them. The upload takes
 * multipart and lives outside the JSON pipeline: firmware.routes.test.ts walks its refusals.
 */
export const probes: RouteProbe[] = [
  {
    route: 'POST /backend/firmware/list',
    about: 'the caller',
    request: () => ({ body: { pageIndex: 1, pageOffset: 10 } }),
  },
  {
    route: 'GET /backend/firmware/usable',
    about: 'the caller',
    request: () => ({ query: { model: 'CAP-1200' } }),
  },
  {
    route: 'POST /backend/firmware/delete',
    about: 'tenant A',
    request: async ({ world, app }) => {
      const version = `0.${randomBytes(4).readUInt32BE()}`
      const { id } = await firmwareRepository(app.database.db).insert({
        tenantId: world.a.tenantId,
        model: 'CAP-1200',
        version,
        size: 1,
        sha256: randomBytes(32).toString('hex'),
        filename: `probe-${version}.bin`,
        createdBy: null,
      })
      return { body: { id } }
    },
  },
]
