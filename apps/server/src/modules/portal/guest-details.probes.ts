import { randomBytes } from 'node:crypto'
import type { ProbeContext, RouteProbe } from '../../../test/probes'
import { portalGuestSessions } from '../../db/schema'

/** A guest's session on tenant A's device in p1, as a gateway's login would leave it. */
async function ownSession({ app, world }: ProbeContext): Promise<number> {
  const [row] = await app.database.db
    .insert(portalGuestSessions)
    .values({
      tenantId: world.a.tenantId,
      deviceId: world.a.devices.inP1,
      projectId: world.a.p1,
      target: '2g',
      clientMac: '02:DD:00:00:00:01',
      method: 'click',
      token: randomBytes(24).toString('base64url'),
      status: 'active',
      authenticatedAt: new Date(),
    })
    .returning({ id: portalGuestSessions.id })
  return row!.id
}

export const probes: RouteProbe[] = [
  {
    route: 'POST /backend/portal/detail/list',
    about: 'the caller',
    request: () => ({ body: { pageIndex: 1, pageOffset: 10 } }),
  },
  { route: 'GET /backend/portal/detail/export', about: 'the caller', request: () => ({ query: {} }) },
  {
    route: 'POST /backend/portal/detail/kick',
    about: 'tenant A',
    request: async (context) => ({ body: { id: await ownSession(context) } }),
  },
]
