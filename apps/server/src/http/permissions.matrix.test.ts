/// <reference types="vite/client" />
import { ErrorCode } from '@canopy/shared/errors'
import {
  ADMINISTRATOR_LEVEL,
  DEVICE_FUNCTIONS,
  type Grants,
  MENU_SECTIONS,
  permits,
} from '@canopy/shared/permissions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bindBody } from '../../test/devices'
import { login, uniqueName } from '../../test/factories'
import type { ProbeContext, ProbeRequest, RouteProbe } from '../../test/probes'
import { createTestApp, type TestApp } from '../../test/test-app'
import { startWechatStandIn } from '../../test/wechat-stand-in'
import { type Actor, buildWorld, snapshotTenant, type World } from '../../test/world'

/**
 * The permission matrix (§6, architecture invariant 3). For every signed-in route of the app,
 * with the probe its module declares in a `*.probes.ts` file:
 * - a request naming tenant A's things is refused with 600400143 to tenant B's owner, to tenant
 *   A's child whose role grants nothing, and to tenant A's child whose role grants everything on
 *   a project that holds none of those things (so every record about a device — the device, its
 *   settings, log, clients, reports, remote link, an operation on it — is filtered by the
 *   caller's device scope, not only by its permissions);
 * - a request about the caller's own things is refused to that child where the route needs a
 *   permission; otherwise neither it nor tenant B sees anything of tenant A — not a name, and not
 *   a count: their answers stay the same while tenant A grows;
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
/** tenant A's child granted everything on a project of its own, beside p1: none of the probes' things */
let outside: Actor

beforeAll(async () => {
  // Every integration configured, so the owner's own requests can succeed.
  wechat = await startWechatStandIn()
  app = await createTestApp({ env: wechat.env })
  world = await buildWorld(app)
  outside = await childElsewhere()
})
afterAll(async () => {
  await world.fleet.stop()
  await app.close()
  await wechat.close()
})

/** Tenant A's child granted everything on a project of its own beside p1, with no device. */
async function childElsewhere(): Promise<Actor> {
  const token = await tokenOf(world.a.owner)
  const as = <T>(path: string, body: unknown) => app.ok<T>({ method: 'POST', path, token, body })
  // Not marked: the project, the role and the child are what this child itself may see.
  const { gid } = await as<{ gid: number }>('/backend/workgroup/add', {
    name: uniqueName('s').slice(0, 10),
    pid: world.a.root,
  })
  const { id: roleId } = await as<{ id: number }>('/backend/role/add', {
    name: uniqueName('e').slice(0, 10),
    menus: [...MENU_SECTIONS],
    device_functions: [...DEVICE_FUNCTIONS],
    project_ids: [gid],
  })
  const child = { username: uniqueName('ce'), password: 'child123' }
  const { uid } = await as<{ uid: number }>('/backend/user/child/add', {
    ...child,
    confirm_password: child.password,
    level: ADMINISTRATOR_LEVEL,
    role_ids: [roleId],
  })
  return { uid, ...child, email: '' }
}

async function tokenOf(actor: Actor) {
  return (await login(app, actor)).access_token
}

function call(route: string, token: string, request: ProbeRequest) {
  const [method, path] = route.split(' ') as ['GET' | 'POST', string]
  return app.call({ method, path: path!, token, body: request.body, query: request.query })
}

/** A walk calls every route several times over, one after another: seconds per route family. */
const WALK_TIMEOUT_MS = 90_000

describe('the permission matrix', () => {
  it('has a probe for every signed-in route, and none for a route that does not exist', () => {
    const signedIn = app.routes.filter((route) => route.access.kind === 'signedIn')
    const declared = signedIn.map((route) => `${route.method} ${route.path}`)
    expect(declared.filter((route) => !probes.has(route))).toEqual([])
    expect([...probes.keys()].filter((route) => !declared.includes(route))).toEqual([])
  })

  it(
    'refuses other tenants and children without the permission, on every signed-in route',
    async () => {
      for (const route of app.routes) {
        if (route.access.kind !== 'signedIn') continue
        const name = `${route.method} ${route.path}`
        const probe = probes.get(name)!
        const ownerToken = await tokenOf(world.a.owner)
        const context = { world, app, ownerCall: ownerCallWith(ownerToken) }
        const request = await probe.request(context)
        const before = await snapshotTenant(app, world.a.tenantId)

        const namesTenantA = probe.about === 'tenant A'
        const other = await call(name, await tokenOf(world.b.owner), request)
        if (namesTenantA) expectRefused(other, `${name}: tenant B naming tenant A's things`)
        else expect(seesTenantA(other), `${name}: tenant B sees tenant A`).toBe(false)

        const child = await call(name, await tokenOf(world.a.childNone), request)
        if (namesTenantA || !permits(NOTHING_GRANTED, route.access.permission)) {
          expectRefused(child, `${name}: child without permission`)
        } else {
          expect(seesTenantA(child), `${name}: child sees outside its scope`).toBe(false)
        }

        const elsewhere = await call(name, await tokenOf(outside), request)
        if (namesTenantA) expectRefused(elsewhere, `${name}: child whose scope holds none of it`)
        else expect(seesTenantA(elsewhere), `${name}: child sees outside its scope`).toBe(false)

        expect(await snapshotTenant(app, world.a.tenantId), `${name}: tenant A changed`).toBe(before)

        const owner = await call(name, ownerToken, request)
        expect(owner.envelope.status, `${name}: the owner's own request`).toBe(10000)
        await probe.restore?.(context)
      }
    },
    WALK_TIMEOUT_MS,
  )

  it(
    'answers another tenant and a child without grants the same, however tenant A grows',
    async () => {
      const aboutTheCaller = [...probes.values()].filter(
        (probe) => probe.about === 'the caller' && !probe.creates,
      )
      const context = { world, app, ownerCall: ownerCallWith(await tokenOf(world.a.owner)) }
      const actors = [world.b.owner, world.a.childNone]
      // One session each for both rounds: user info tells the last login.
      const sessions = new Map<Actor, string>()
      for (const actor of actors) sessions.set(actor, await tokenOf(actor))
      const answers = async () => {
        const seen: Record<string, unknown> = {}
        for (const probe of aboutTheCaller) {
          const request = await probe.request(context)
          for (const actor of actors) {
            const token = probe.endsSession ? await tokenOf(actor) : sessions.get(actor)!
            seen[`${probe.route} as ${actor.username}`] = (await call(probe.route, token, request)).envelope
          }
        }
        return seen
      }
      const before = await answers()
      await growTenantA(context)
      expect(await answers()).toEqual(before)
    },
    WALK_TIMEOUT_MS,
  )
})

function expectRefused(response: Awaited<ReturnType<typeof call>>, what: string) {
  expect(response.envelope.status, what).toBe(ErrorCode.NO_PERMISSION)
  expect(response.httpStatus, what).toBe(403)
}

function seesTenantA(response: Awaited<ReturnType<typeof call>>) {
  return response.envelope.status === 10000 && JSON.stringify(response.envelope).includes(world.marker)
}

function ownerCallWith(ownerToken: string): ProbeContext['ownerCall'] {
  return async (method, path, request = {}) => {
    const response = await call(`${method} ${path}`, ownerToken, request)
    expect(response.envelope.status, `set-up call ${method} ${path}`).toBe(10000)
    return response.envelope.data as never
  }
}

/** More of everything a leak would show: a project, a role, a child on it, a device reporting in it. */
async function growTenantA({ ownerCall }: ProbeContext) {
  const { gid } = await ownerCall<{ gid: number }>('POST', '/backend/workgroup/add', {
    body: { name: `G${world.marker}`, pid: world.a.root },
  })
  const { id: roleId } = await ownerCall<{ id: number }>('POST', '/backend/role/add', {
    body: {
      name: `X${world.marker}`,
      menus: [...MENU_SECTIONS],
      device_functions: ['view'],
      project_ids: [gid],
    },
  })
  await ownerCall('POST', '/backend/user/child/add', {
    body: {
      username: `cg${world.marker}`,
      password: 'grown123',
      confirm_password: 'grown123',
      level: 2,
      role_ids: [roleId],
    },
  })
  await ownerCall('POST', '/backend/device/bind', { body: bindBody(world.spare[4]!.mac, gid) })
}
