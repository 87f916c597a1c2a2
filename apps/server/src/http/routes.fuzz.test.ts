/// <reference types="vite/client" />
import { randomBytes } from 'node:crypto'
import { describeError, ErrorCode, SUCCESS_STATUS } from '@canopy/shared/errors'
import { ADMINISTRATOR_LEVEL, DEVICE_FUNCTIONS, MENU_SECTIONS } from '@canopy/shared/permissions'
import type { Fleet } from '@canopy/simulator'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bindDevice, startTestFleet } from '../../test/devices'
import { login, rootProjectOf, signedInAccount, uniqueName } from '../../test/factories'
import { bodyFor, type KnownValues, queryFor } from '../../test/hostile-values'
import { startMailbox } from '../../test/mailbox'
import type { RouteProbe } from '../../test/probes'
import { createTestApp, type TestApp } from '../../test/test-app'
import { startWechatStandIn } from '../../test/wechat-stand-in'
import { OPERATOR_HEADER } from './authorize'
import type { RouteDefinition } from './route'

/**
 * The fuzz suite (issue 11): every route of the app's own list, with requests generated from its
 * own schemas and made hostile (numbers past every bound, loose types, NUL and lone surrogates,
 * long texts, polluting keys), sent as a tenant's owner, as its child, anonymously or as the
 * operator, whichever the route takes. For every request: no 5xx; a refusal carries only codes
 * of the §8 catalogue; and a refusal writes nothing of the tenant.
 *
 * FUZZ_RUNS sets the requests per route and caller (default below, kept so the file runs in well
 * under a minute on two cores); FUZZ_SEED replays a failure (fast-check prints the seed).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 8)
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED)
const OPERATOR_TOKEN = randomBytes(24).toString('hex')

/** Routes whose success ends the caller's session: they get a fresh one for every request. */
const endsSession = new Set(
  Object.values(import.meta.glob<{ probes: RouteProbe[] }>('../modules/**/*.probes.ts', { eager: true }))
    .flatMap((module) => module.probes)
    .filter((probe) => probe.endsSession)
    .map((probe) => probe.route),
)

let app: TestApp
let fleet: Fleet
let mailbox: Awaited<ReturnType<typeof startMailbox>>
let wechat: Awaited<ReturnType<typeof startWechatStandIn>>
let tenantId: number
let known: KnownValues
const accounts: Record<'owner' | 'child', { username: string; password: string; token?: string }> = {
  owner: { username: '', password: '' },
  child: { username: '', password: '' },
}

beforeAll(async () => {
  // Every integration configured, so "not configured" (a 503) is never the answer.
  mailbox = await startMailbox()
  wechat = await startWechatStandIn()
  app = await createTestApp({
    env: { ...mailbox.env, ...wechat.env, PUBLIC_URL: 'https://console.example.test', OPERATOR_TOKEN },
  })
  fleet = await startTestFleet(app, { count: 1 })
  const owner = await signedInAccount(app)
  accounts.owner = { username: owner.username, password: owner.password, token: owner.token }
  const as = <T>(path: string, body: unknown) => app.ok<T>({ method: 'POST', path, token: owner.token, body })
  const root = await rootProjectOf(app, owner.token)
  const { gid } = await as<{ gid: number }>('/backend/workgroup/add', { name: 'Fuzz', pid: root })
  const deviceId = await bindDevice(app, owner.token, fleet.devices[0]!.mac, gid)
  const { id: roleId } = await as<{ id: number }>('/backend/role/add', {
    name: uniqueName('f').slice(0, 10),
    menus: [...MENU_SECTIONS],
    device_functions: [...DEVICE_FUNCTIONS],
    project_ids: [gid],
  })
  const child = { username: uniqueName('cf'), password: 'child123' }
  await as('/backend/user/child/add', {
    ...child,
    confirm_password: child.password,
    level: ADMINISTRATOR_LEVEL,
    role_ids: [roleId],
  })
  accounts.child = child
  const [row] = (
    await app.database.db.execute<{ tenant_id: number }>(
      sql`select tenant_id from accounts where id = ${owner.uid}`,
    )
  ).rows
  tenantId = row!.tenant_id
  // Real ids get requests past "no permission" into the services; account ids are left out, so
  // the fixture's child cannot be deleted from under the suite.
  known = { ids: [root, gid, deviceId, roleId] }
}, 60_000)
afterAll(async () => {
  await fleet.stop()
  await app.close()
  await wechat.close()
  await mailbox.close()
})

type Caller = 'owner' | 'child' | 'anonymous' | 'operator'

function callersOf(route: RouteDefinition): Caller[] {
  if (route.access.kind === 'signedIn') return ['owner', 'child']
  return route.access.kind === 'operator' ? ['operator'] : ['anonymous']
}

async function headersFor(caller: Caller, route: string): Promise<Record<string, string>> {
  if (caller === 'operator') return { [OPERATOR_HEADER]: OPERATOR_TOKEN }
  if (caller === 'anonymous') return {}
  const account = accounts[caller]
  // A request that may end its session gets one of its own, so the next routes keep theirs.
  if (endsSession.has(route)) return { authorization: `Bearer ${(await login(app, account)).access_token}` }
  account.token ??= (await login(app, account)).access_token
  return { authorization: `Bearer ${account.token}` }
}

/**
 * Everything of the tenant a request could write, in one statement: its accounts (but when they
 * last signed in), projects, roles and their grants, devices' cloud-side fields; and how many
 * operations, settings changes, sessions and password resets it has (their statuses move on
 * their own as devices answer).
 */
async function tenantDigest(): Promise<string> {
  const { rows } = await app.database.db.execute<{ digest: string }>(sql`
    select md5(concat_ws('|',
      (select string_agg((to_jsonb(a) - 'last_login_at')::text, ',' order by a.id) from accounts a
        where a.tenant_id = ${tenantId}),
      (select string_agg(to_jsonb(p)::text, ',' order by p.id) from projects p where p.tenant_id = ${tenantId}),
      (select string_agg(to_jsonb(r)::text, ',' order by r.id) from roles r where r.tenant_id = ${tenantId}),
      (select string_agg(to_jsonb(x)::text, ',' order by x.role_id, x.project_id) from role_projects x
        join roles r on r.id = x.role_id where r.tenant_id = ${tenantId}),
      (select string_agg(to_jsonb(x)::text, ',' order by x.role_id, x.device_id) from role_devices x
        join roles r on r.id = x.role_id where r.tenant_id = ${tenantId}),
      (select string_agg(to_jsonb(x)::text, ',' order by x.account_id, x.role_id) from account_roles x
        join accounts a on a.id = x.account_id where a.tenant_id = ${tenantId}),
      (select string_agg(concat_ws(',', d.id, d.project_id, d.name, d.remark, d.bound_at), ';' order by d.id)
        from devices d where d.tenant_id = ${tenantId}),
      (select count(*) from operation_logs o where o.tenant_id = ${tenantId}),
      (select string_agg(concat_ws(',', s.device_id, s.section, s.requested_at), ';'
        order by s.device_id, s.section) from device_settings s
        join devices d on d.id = s.device_id where d.tenant_id = ${tenantId}),
      (select count(*) from auth_sessions s join accounts a on a.id = s.account_id where a.tenant_id = ${tenantId}),
      (select count(*) from password_resets s join accounts a on a.id = s.account_id
        where a.tenant_id = ${tenantId})
    )) as digest`)
  return rows[0]!.digest
}

interface Sent {
  status: number
  envelope: { status?: unknown; errorCode?: unknown } | undefined
}

async function send(route: RouteDefinition, caller: Caller, input: unknown): Promise<Sent> {
  const headers = await headersFor(caller, `${route.method} ${route.path}`)
  const url = `${app.apiRoot}${route.path}`
  const response =
    route.method === 'GET'
      ? await app.http.inject({ method: 'GET', url: input ? `${url}?${input}` : url, headers })
      : await app.http.inject({
          method: 'POST',
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify(input) ?? 'null',
        })
  // A download (a CSV export) is no envelope: a 200 of its own type is a success.
  if (response.statusCode === 200 && !String(response.headers['content-type']).startsWith('application/json'))
    return { status: 200, envelope: { status: SUCCESS_STATUS, errorCode: [] } }
  let envelope: Sent['envelope']
  try {
    envelope = response.json()
  } catch {
    // Not JSON: the catalogue check below fails it.
    envelope = undefined
  }
  return { status: response.statusCode, envelope }
}

function inputFor(route: RouteDefinition): fc.Arbitrary<unknown> {
  return route.method === 'GET' ? queryFor(route.query) : bodyFor(route.body, known)
}

/**
 * The restart routes reboot the fixture's virtual device for real; a question put to it while it is
 * down (or reconnecting on a loaded machine) goes unanswered, and 504 "device not answering" is
 * then the right answer: the device's silence, not a fault of the server.
 */
const deviceSilent = (status: number, envelope: { status?: unknown } | undefined) =>
  status === 504 && envelope?.status === ErrorCode.DEVICE_NOT_ANSWERING

const isCatalogued = (code: unknown) =>
  code === SUCCESS_STATUS || (typeof code === 'number' && describeError(code) !== undefined)

describe('every route, fed generated hostile input', () => {
  it('answers below 500, with catalogue codes only, and writes nothing when it refuses', async () => {
    const failures: string[] = []
    for (const route of app.routes) {
      for (const caller of callersOf(route)) {
        const name = `${route.method} ${route.path} as ${caller}`
        await fc
          .assert(
            fc.asyncProperty(inputFor(route), async (input) => {
              const before = await tenantDigest()
              const { status, envelope } = await send(route, caller, input)
              const shown = `${name}: ${JSON.stringify(input)?.slice(0, 300)} → ${status} ${JSON.stringify(envelope)}`
              if (!deviceSilent(status, envelope)) expect(status, shown).toBeLessThan(500)
              expect(isCatalogued(envelope?.status), shown).toBe(true)
              const codes = Array.isArray(envelope?.errorCode) ? envelope.errorCode : []
              expect(codes.every(isCatalogued), shown).toBe(true)
              if (envelope?.status !== SUCCESS_STATUS)
                expect(await tenantDigest(), `${shown}: wrote`).toBe(before)
            }),
            { numRuns: RUNS, seed: SEED, endOnFailure: true },
          )
          .catch((error: Error) =>
            failures.push(`${error.message}\n${(error.cause as Error | undefined)?.message}`),
          )
      }
    }
    expect(failures).toEqual([])
    // A polluting key merged anywhere would show on every object.
    expect(Object.keys(Object.prototype)).toEqual([])
  }, 300_000)
})
