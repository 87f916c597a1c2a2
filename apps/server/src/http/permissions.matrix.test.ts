/// <reference types="vite/client" />
import { ErrorCode } from '@canopy/shared/errors'
import { type Grants, permits } from '@canopy/shared/permissions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login } from '../../test/factories'
import type { ProbeContext, ProbeRequest, RouteProbe } from '../../test/probes'
import { createTestApp, type TestApp } from '../../test/test-app'
import { startWechatStandIn } from '../../test/wechat-stand-in'
import { type Actor, buildWorld, snapshotTenant, type World } from '../../test/world'

/**
 * The permission matrix (§6, architecture invariant 3). For every signed-in route of the app,
 * with the probe its module declares in a `*.probes.ts` file:
 * - tenant B's owner, making tenant A's request, is refused or sees nothing of tenant A;
 * - tenant A's child whose role grants nothing is refused with 600400143 where the route needs a
 *   permission, and otherwise sees nothing outside its (empty) scope;
 * - neither changes anything of tenant A;
 * - tenant A's owner, making the same request, succeeds (so the refusals are about permission).
 */
const probeModules = import.meta.glob<{ probes: RouteProbe[] }>('../modules/**/*.probes.ts', { eager: true })
const probes = new Map(
  Object.values(probeModules)
    .flatMap((module) => module.probes)
    .map((probe) => [probe.route, probe]),
)

/** What a child bound only to a role that grants nothing may do. */
const NOTHING_GRANTED: Grants = {
  primary: false,
  guest: false,
  level: 1,
  menus: ['home'],
  deviceFunctions: [],
}

let app: TestApp
let world: World
let wechat: Awaited<ReturnType<typeof startWechatStandIn>>

beforeAll(async () => {
  // Every integration configured, so the owner's own requests can succeed.
  wechat = await startWechatStandIn()
  app = await createTestApp({ env: wechat.env })
  world = await buildWorld(app)
})
afterAll(async () => {
  await world.fleet.stop()
  await app.close()
  await wechat.close()
})

async function tokenOf(actor: Actor) {
  return (await login(app, actor)).access_token
}

function call(route: string, token: string, request: ProbeRequest) {
  const [method, path] = route.split(' ') as ['GET' | 'POST', string]
  return app.call({ method, path: path!, token, body: request.body, query: request.query })
}

describe('the permission matrix', () => {
  it('has a probe for every signed-in route, and none for a route that does not exist', () => {
    const signedIn = app.routes.filter((route) => route.access.kind === 'signedIn')
    const declared = signedIn.map((route) => `${route.method} ${route.path}`)
    expect(declared.filter((route) => !probes.has(route))).toEqual([])
    expect([...probes.keys()].filter((route) => !declared.includes(route))).toEqual([])
  })

  it('refuses other tenants and children without the permission, on every signed-in route', async () => {
    for (const route of app.routes) {
      if (route.access.kind !== 'signedIn') continue
      const name = `${route.method} ${route.path}`
      const probe = probes.get(name)!
      const ownerToken = await tokenOf(world.a.owner)
      const ownerCall: ProbeContext['ownerCall'] = async (method, path, request = {}) => {
        const response = await call(`${method} ${path}`, ownerToken, request)
        expect(response.envelope.status, `${name}: set-up call ${path}`).toBe(10000)
        return response.envelope.data as never
      }
      const context = { world, app, ownerCall }
      const request = await probe.request(context)
      const before = await snapshotTenant(app, world.a.tenantId)

      const other = await call(name, await tokenOf(world.b.owner), request)
      const otherSawTenantA =
        other.envelope.status === 10000 && JSON.stringify(other.envelope).includes(world.marker)
      expect(otherSawTenantA, `${name}: tenant B sees tenant A`).toBe(false)

      const child = await call(name, await tokenOf(world.a.childNone), request)
      if (!permits(NOTHING_GRANTED, route.access.permission)) {
        expect(child.envelope.status, `${name}: child without permission`).toBe(ErrorCode.NO_PERMISSION)
        expect(child.httpStatus).toBe(403)
      } else {
        const childSawMore =
          child.envelope.status === 10000 && JSON.stringify(child.envelope).includes(world.marker)
        expect(childSawMore, `${name}: child sees outside its scope`).toBe(false)
      }

      expect(await snapshotTenant(app, world.a.tenantId), `${name}: tenant A changed`).toBe(before)

      const owner = await call(name, ownerToken, request)
      expect(owner.envelope.status, `${name}: the owner's own request`).toBe(10000)
      await probe.restore?.(context)
    }
  })
})
