import { ErrorCode } from '@canopy/shared/errors'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login, signedInAccount, uniqueName, uniquePhone } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { buildWorld, type World } from '../../../test/world'

let app: TestApp
let world: World
let ownerToken: string

beforeAll(async () => {
  app = await createTestApp()
  world = await buildWorld(app)
  ownerToken = (await login(app, world.a.owner)).access_token
})
afterAll(async () => {
  await world.fleet.stop()
  await app.close()
})

const owner = {
  get: <T>(path: string, query?: Record<string, string>) => app.call<T>({ path, token: ownerToken, query }),
  post: <T>(path: string, body: unknown) => app.call<T>({ method: 'POST', path, token: ownerToken, body }),
}

function childForm(overrides: Record<string, unknown> = {}) {
  return {
    username: uniqueName('ch'),
    password: 'child123',
    confirm_password: 'child123',
    level: 1,
    role_ids: [world.a.roleFull],
    ...overrides,
  }
}

async function addChild(overrides: Record<string, unknown> = {}) {
  const form = childForm(overrides)
  const response = await owner.post<{ uid: number }>('/backend/user/child/add', form)
  expect(response.envelope.status).toBe(10000)
  return { ...form, uid: response.envelope.data.uid }
}

describe('child accounts', () => {
  it('adds a child with its roles, shown with the projects the roles manage', async () => {
    const phone = uniquePhone()
    const child = await addChild({
      nickname: '小王',
      email: `${uniqueName()}@example.test`,
      country_code: '86',
      phone,
    })
    const info = await owner.get<Record<string, unknown>>('/backend/user/child/info', {
      uid: String(child.uid),
    })
    expect(info.envelope.data).toMatchObject({
      uid: child.uid,
      username: child.username,
      nickname: '小王',
      country_code: '86',
      phone,
      status: 1,
      level: 1,
      bindWechat: 0,
      roles: [{ id: world.a.roleFull, name: expect.any(String) }],
      projects: [{ gid: world.a.p1, name: `P${world.marker}` }],
    })
    const childLogin = await login(app, child)
    const me = await app.call<Record<string, unknown>>({
      path: '/backend/auth/userinfo',
      token: childLogin.access_token,
    })
    expect(me.envelope.data).toMatchObject({ is_primary: 0, is_master: 0, level: 1 })
  })

  it('wants one role at least, of its own tenant', async () => {
    const none = await owner.post('/backend/user/child/add', childForm({ role_ids: [] }))
    expect(none.envelope.status).toBe(ErrorCode.ROLE_REQUIRED)
    const foreign = await signedInAccount(app)
    const otherTenantRole = await app.call({
      method: 'POST',
      path: '/backend/user/child/add',
      token: foreign.token,
      body: childForm(),
    })
    expect(otherTenantRole.envelope.status).toBe(ErrorCode.NO_PERMISSION)
  })

  it('refuses a taken account name, e-mail or phone', async () => {
    const email = `${uniqueName()}@example.test`
    const first = await addChild({ email })
    const response = await owner.post(
      '/backend/user/child/add',
      childForm({ username: first.username, email }),
    )
    expect(response.envelope.errorCode).toEqual([ErrorCode.ACCOUNT_EXISTS, ErrorCode.EMAIL_TAKEN])
    const primaryName = await owner.post(
      '/backend/user/child/add',
      childForm({ username: world.b.owner.username }),
    )
    expect(primaryName.envelope.status).toBe(ErrorCode.ACCOUNT_EXISTS)
  })

  it('pages, searches and counts the children of the tenant only', async () => {
    const tag = uniqueName('s').slice(0, 8)
    for (let i = 0; i < 3; i++) await addChild({ username: `${tag}${i}` })
    const page = await owner.post<{ total: number; list: Array<{ username: string }> }>(
      '/backend/user/child/list',
      {
        pageIndex: 1,
        pageOffset: 2,
        keyword: tag,
      },
    )
    expect(page.envelope.data.total).toBe(3)
    expect(page.envelope.data.list.map((child) => child.username)).toEqual([`${tag}2`, `${tag}1`])
    const second = await owner.post<{ list: unknown[] }>('/backend/user/child/list', {
      pageIndex: 2,
      pageOffset: 2,
      keyword: tag,
    })
    expect(second.envelope.data.list).toHaveLength(1)

    const count = await owner.get<{ total: number; enabled: number }>('/backend/user/child/count')
    const all = await owner.post<{ total: number }>('/backend/user/child/list', {
      pageIndex: 1,
      pageOffset: 100,
    })
    expect(count.envelope.data.total).toBe(all.envelope.data.total)

    const stranger = await signedInAccount(app)
    const strangerList = await app.call<{ total: number }>({
      method: 'POST',
      path: '/backend/user/child/list',
      token: stranger.token,
      body: { pageIndex: 1, pageOffset: 10 },
    })
    expect(strangerList.envelope.data).toEqual({ total: 0, list: [] })
  })

  it('lists what the children are now: a nickname a child gives itself, a status, a deletion', async () => {
    const tag = uniqueName('f').slice(0, 8)
    const child = await addChild()
    const list = (body: Record<string, unknown>) =>
      owner.post<{ total: number; list: Array<{ uid: number }> }>('/backend/user/child/list', {
        pageIndex: 1,
        pageOffset: 10,
        ...body,
      })
    expect((await list({ keyword: tag })).envelope.data.total).toBe(0)

    const session = await login(app, child)
    const saved = await app.call({
      method: 'POST',
      path: '/backend/user/save',
      token: session.access_token,
      body: { nickname: tag.toUpperCase(), email: `${tag}@example.test` },
    })
    expect(saved.envelope.status).toBe(10000)
    expect((await list({ keyword: tag })).envelope.data.list.map((row) => row.uid)).toEqual([child.uid])

    await owner.post('/backend/user/child/save', {
      uid: child.uid,
      level: 1,
      status: 0,
      role_ids: [world.a.roleFull],
      nickname: tag,
    })
    expect((await list({ keyword: tag, status: 0 })).envelope.data.total).toBe(1)
    expect((await list({ keyword: tag, status: 1 })).envelope.data.total).toBe(0)

    const before = await owner.get<{ total: number }>('/backend/user/child/count')
    await owner.post('/backend/user/child/deletes', { uids: [child.uid] })
    expect((await list({ keyword: tag })).envelope.data.total).toBe(0)
    const after = await owner.get<{ total: number }>('/backend/user/child/count')
    expect(after.envelope.data.total).toBe(before.envelope.data.total - 1)
  })

  it('disables a child: logged out on its next call, refused at login, enabled again', async () => {
    const child = await addChild()
    const session = await login(app, child)
    const base = { uid: child.uid, level: 1, role_ids: [world.a.roleFull] }
    expect((await owner.post('/backend/user/child/save', { ...base, status: 0 })).envelope.status).toBe(10000)

    const nextCall = await app.call({ path: '/backend/user/info', token: session.access_token })
    expect(nextCall.envelope.status).toBe(ErrorCode.ACCOUNT_DISABLED)
    expect(nextCall.httpStatus).toBe(401)
    const relogin = await app.call({
      method: 'POST',
      path: '/backend/auth/token',
      body: { username: child.username, password: child.password },
    })
    expect(relogin.envelope.status).toBe(ErrorCode.ACCOUNT_DISABLED)

    await owner.post('/backend/user/child/save', { ...base, status: 1 })
    await expect(login(app, child)).resolves.toBeDefined()
  })

  it('changes roles and level: the child sees its new grants on its next call', async () => {
    const child = await addChild()
    const session = await login(app, child)
    await owner.post('/backend/user/child/save', {
      uid: child.uid,
      level: 2,
      status: 1,
      role_ids: [world.a.roleNone],
    })
    const me = await app.call<{ level: number; menus: string[] }>({
      path: '/backend/auth/userinfo',
      token: session.access_token,
    })
    expect(me.envelope.data).toMatchObject({ level: 2, menus: ['home'] })
  })

  it('resets passwords in batch and signs the children out', async () => {
    const first = await addChild()
    const second = await addChild()
    const session = await login(app, first)
    const response = await owner.post('/backend/user/child/resetspassword', {
      uids: [first.uid, second.uid],
      password: 'reset999',
      confirm_password: 'reset999',
    })
    expect(response.envelope.status).toBe(10000)
    const after = await app.call({ path: '/backend/user/info', token: session.access_token })
    expect(after.envelope.status).toBe(ErrorCode.CREDENTIALS_CHANGED)
    await expect(login(app, { ...second, password: 'reset999' })).resolves.toBeDefined()
  })

  it('deletes in batch; a batch naming someone else deletes nothing', async () => {
    const first = await addChild()
    const second = await addChild()
    const session = await login(app, first)
    const mixed = await owner.post('/backend/user/child/deletes', { uids: [first.uid, world.b.owner.uid] })
    expect(mixed.envelope.status).toBe(ErrorCode.NO_PERMISSION)
    const self = await owner.post('/backend/user/child/deletes', { uids: [world.a.owner.uid] })
    expect(self.envelope.status).toBe(ErrorCode.NO_PERMISSION)
    expect((await owner.get('/backend/user/child/info', { uid: String(first.uid) })).envelope.status).toBe(
      10000,
    )

    const both = await owner.post('/backend/user/child/deletes', { uids: [first.uid, second.uid] })
    expect(both.envelope.status).toBe(10000)
    const gone = await app.call({ path: '/backend/user/info', token: session.access_token })
    expect(gone.envelope.status).toBe(ErrorCode.ACCOUNT_GONE)
    expect(gone.httpStatus).toBe(401)
  })
})

describe('roles', () => {
  const role = (overrides: Record<string, unknown> = {}) => ({
    name: uniqueName('r').slice(0, 10),
    menus: ['project'],
    device_functions: ['view', 'reboot'],
    project_ids: [world.a.p2],
    ...overrides,
  })

  it('lists the roles with their bound-account count', async () => {
    const list =
      await owner.get<Array<{ id: number; account_count: number; project_ids: number[] }>>(
        '/backend/role/all',
      )
    const full = list.envelope.data.find((candidate) => candidate.id === world.a.roleFull)
    expect(full).toMatchObject({ project_ids: [world.a.p1] })
    expect(full!.account_count).toBeGreaterThanOrEqual(1)
  })

  it('keeps names unique within the tenant, whatever the case', async () => {
    const first = role()
    expect((await owner.post('/backend/role/add', first)).envelope.status).toBe(10000)
    const again = await owner.post('/backend/role/add', role({ name: first.name.toUpperCase() }))
    expect(again.envelope.status).toBe(ErrorCode.ROLE_EXISTS)
    const foreign = await signedInAccount(app)
    const elsewhere = await app.call({
      method: 'POST',
      path: '/backend/role/add',
      token: foreign.token,
      body: role({ name: first.name, project_ids: [] }),
    })
    expect(elsewhere.envelope.status).toBe(10000)
  })

  it('refuses a bad name, projects of another tenant, and a guest role that operates', async () => {
    expect((await owner.post('/backend/role/add', role({ name: 'has space' }))).envelope.data).toEqual({
      violations: [{ field: 'name', rule: 'validation.role_name_tips' }],
    })
    expect(
      (await owner.post('/backend/role/add', role({ project_ids: [world.b.root] }))).envelope.status,
    ).toBe(ErrorCode.NO_PERMISSION)
    const guest = await owner.post('/backend/role/add', role({ guest: true }))
    expect(guest.envelope.data).toEqual({
      violations: [{ field: 'device_functions', rule: 'validation.guest_view_only' }],
    })
  })

  it('cannot delete a role bound to an account, and can once unbound', async () => {
    const created = (await owner.post<{ id: number }>('/backend/role/add', role())).envelope.data
    const child = await addChild({ role_ids: [created.id] })
    expect((await owner.get('/backend/role/delete', { id: String(created.id) })).envelope.status).toBe(
      ErrorCode.ROLE_IN_USE,
    )
    await owner.post('/backend/user/child/deletes', { uids: [child.uid] })
    expect((await owner.get('/backend/role/delete', { id: String(created.id) })).envelope.status).toBe(10000)
  })

  it('changes what bound children may do at once', async () => {
    const created = (await owner.post<{ id: number; name: string }>('/backend/role/add', role())).envelope
      .data
    const child = await addChild({ role_ids: [created.id] })
    const session = await login(app, child)
    const view = await owner.get<{ name: string }>('/backend/role/info', { id: String(created.id) })
    await owner.post('/backend/role/save', {
      ...role({ name: view.envelope.data.name }),
      id: created.id,
      menus: ['project', 'device'],
      device_functions: ['view'],
    })
    const me = await app.call<{ menus: string[]; device_functions: string[] }>({
      path: '/backend/auth/userinfo',
      token: session.access_token,
    })
    expect(me.envelope.data.menus.sort()).toEqual(['device', 'home', 'project'])
    expect(me.envelope.data.device_functions).toEqual(['view'])
  })
})
