import { randomBytes } from 'node:crypto'
import {
  DEVICE_FUNCTIONS,
  type DeviceFunction,
  MENU_SECTIONS,
  type MenuSection,
} from '@canopy/shared/permissions'
import type { Fleet, VirtualDevice } from '@canopy/simulator'
import { eq, inArray } from 'drizzle-orm'
import {
  accountRoles,
  accounts,
  devices,
  portalPages,
  portalPictures,
  portalStrategies,
  projects,
  roleDevices,
  roleProjects,
  roles,
} from '../src/db/schema'
import { bindDevice, startTestFleet } from './devices'
import { login, registerAccount, rootProjectOf, uniqueName } from './factories'
import type { TestApp } from './test-app'

export interface Actor {
  uid: number
  username: string
  password: string
  email: string
}

/**
 * Two tenants for permission tests. Tenant A: root ─ p1 ─ p2, a role granting everything on p1
 * (bound to `childFull`), a role granting nothing (bound to `childNone`). Tenant B: its owner.
 * Every name of tenant A that others must never see (projects, roles, accounts, devices) carries
 * `marker`; `childNone` and its role do not, since that child sees itself.
 */
export interface World {
  marker: string
  a: {
    tenantId: number
    owner: Actor
    root: number
    p1: number
    p2: number
    roleFull: number
    roleNone: number
    childFull: Actor
    childNone: Actor
    /** bound devices: one online in p1, one online in p2 */
    devices: { inP1: number; inP2: number }
  }
  b: { tenantId: number; owner: Actor; root: number }
  /** the virtual devices; `spare` ones are registered, online and unbound */
  fleet: Fleet
  spare: VirtualDevice[]
}

export async function buildWorld(app: TestApp): Promise<World> {
  const marker = randomBytes(4).toString('hex').replace(/^\d/, 'm')
  const owner = await registerAccount(app, { username: `own${marker}` })
  const token = (await login(app, owner)).access_token
  const as = <T>(method: 'GET' | 'POST', path: string, body?: unknown, query?: Record<string, string>) =>
    app.ok<T>({ method, path, token, body, query })
  const [tree] = await as<Array<{ gid: number }>>('GET', '/backend/workgroup/all', undefined, { tree: '1' })
  const root = tree!.gid
  await as('POST', '/backend/workgroup/save', { gid: root, name: `R${marker}` })
  const { gid: p1 } = await as<{ gid: number }>('POST', '/backend/workgroup/add', {
    name: `P${marker}`,
    pid: root,
  })
  const { gid: p2 } = await as<{ gid: number }>('POST', '/backend/workgroup/add', {
    name: `Q${marker}`,
    pid: p1,
  })
  const { id: roleFull } = await as<{ id: number }>('POST', '/backend/role/add', {
    name: `F${marker}`,
    menus: [...MENU_SECTIONS],
    device_functions: [...DEVICE_FUNCTIONS],
    project_ids: [p1],
  })
  const { id: roleNone } = await as<{ id: number }>('POST', '/backend/role/add', {
    // Not marked: this role and its child are what `childNone` itself may see.
    name: uniqueName('n').slice(0, 10),
    menus: [],
    device_functions: [],
    project_ids: [],
  })
  const child = async (roleId: number, level: number, username: string): Promise<Actor> => {
    const password = 'child123'
    const { uid } = await as<{ uid: number }>('POST', '/backend/user/child/add', {
      username,
      password,
      confirm_password: password,
      level,
      role_ids: [roleId],
    })
    return { uid, username, password, email: '' }
  }
  const childFull = await child(roleFull, 2, `cf${marker}`)
  const childNone = await child(roleNone, 1, uniqueName('cn'))

  // Another password than A's: a probe carrying A's password must not work for B by chance.
  const ownerB = await registerAccount(app, { password: 'tenantB456' })
  const tokenB = (await login(app, ownerB)).access_token
  const fleet = await startTestFleet(app, { count: 7 })
  const [first, second, ...spare] = fleet.devices
  const inP1 = await bindDevice(app, token, first!.mac, p1)
  const inP2 = await bindDevice(app, token, second!.mac, p2)
  // Names that carry the marker, so a leak of these devices shows in any answer.
  await app.database.db
    .update(devices)
    .set({ name: `D${marker}` })
    .where(inArray(devices.id, [inP1, inP2]))

  const [accountA] = await app.database.db.select().from(accounts).where(eq(accounts.id, owner.uid))
  const [accountB] = await app.database.db.select().from(accounts).where(eq(accounts.id, ownerB.uid))
  return {
    marker,
    a: {
      tenantId: accountA!.tenantId,
      owner,
      root,
      p1,
      p2,
      roleFull,
      roleNone,
      childFull,
      childNone,
      devices: { inP1, inP2 },
    },
    b: { tenantId: accountB!.tenantId, owner: ownerB, root: await rootProjectOf(app, tokenB) },
    fleet,
    spare,
  }
}

/** Everything tenant A owns, to prove a refused call changed nothing. */
export async function snapshotTenant(app: TestApp, tenantId: number): Promise<string> {
  const db = app.database.db
  const accountRows = await db
    .select()
    .from(accounts)
    .where(eq(accounts.tenantId, tenantId))
    .orderBy(accounts.id)
  const roleRows = await db.select().from(roles).where(eq(roles.tenantId, tenantId)).orderBy(roles.id)
  const roleIds = roleRows.map((role) => role.id)
  const accountIds = accountRows.map((account) => account.id)
  const deviceRows = await db
    .select({ id: devices.id, tenantId: devices.tenantId, projectId: devices.projectId, name: devices.name })
    .from(devices)
    .where(eq(devices.tenantId, tenantId))
    .orderBy(devices.id)
  return JSON.stringify({
    devices: deviceRows,
    // A login records when, and the language the console showed: the account's own doing.
    accounts: accountRows.map(({ lastLoginAt: _loggedIn, language: _loginLanguage, ...rest }) => rest),
    projects: await db.select().from(projects).where(eq(projects.tenantId, tenantId)).orderBy(projects.id),
    roles: roleRows,
    roleProjects: roleIds.length
      ? await db.select().from(roleProjects).where(inArray(roleProjects.roleId, roleIds))
      : [],
    roleDevices: roleIds.length
      ? await db
          .select()
          .from(roleDevices)
          .where(inArray(roleDevices.roleId, roleIds))
          .orderBy(roleDevices.deviceId)
      : [],
    accountRoles: accountIds.length
      ? await db.select().from(accountRoles).where(inArray(accountRoles.accountId, accountIds))
      : [],
    portalStrategies: await db
      .select()
      .from(portalStrategies)
      .where(eq(portalStrategies.tenantId, tenantId))
      .orderBy(portalStrategies.id),
    portalPages: await db
      .select()
      .from(portalPages)
      .where(eq(portalPages.tenantId, tenantId))
      .orderBy(portalPages.id),
    portalPictures: await db
      .select({ id: portalPictures.id })
      .from(portalPictures)
      .where(eq(portalPictures.tenantId, tenantId))
      .orderBy(portalPictures.id),
  })
}

/** What a role grants, as the role calls take it. */
export interface RoleGrants {
  menus: MenuSection[]
  device_functions: DeviceFunction[]
  project_ids: number[]
  device_ids?: number[]
}

/** A new child of tenant A, bound to a new role granting `grants`, signed in: its access token. */
export async function childOfTenantA(
  app: TestApp,
  world: World,
  grants: RoleGrants,
  level = 1,
): Promise<string> {
  const token = (await login(app, world.a.owner)).access_token
  const as = <T>(path: string, body: unknown) => app.ok<T>({ method: 'POST', path, token, body })
  const { id: roleId } = await as<{ id: number }>('/backend/role/add', {
    name: uniqueName('r').slice(0, 10),
    ...grants,
  })
  const child = { username: uniqueName('c'), password: 'child123' }
  await as('/backend/user/child/add', {
    ...child,
    confirm_password: child.password,
    level,
    role_ids: [roleId],
  })
  return (await login(app, child)).access_token
}
