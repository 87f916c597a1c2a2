import { ErrorCode } from '@canopy/shared/errors'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login, signedInAccount } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { buildWorld, type World } from '../../../test/world'

let app: TestApp
let world: World

beforeAll(async () => {
  app = await createTestApp()
  world = await buildWorld(app)
})
afterAll(async () => {
  await world.fleet.stop()
  await app.close()
})

interface Node {
  gid: number
  pid: number
  name: string
  child: Node[]
}

async function caller(actor: { username: string; password: string }) {
  const token = (await login(app, actor)).access_token
  return {
    token,
    get: <T>(path: string, query?: Record<string, string>) => app.call<T>({ path, token, query }),
    post: <T>(path: string, body: unknown) => app.call<T>({ method: 'POST', path, token, body }),
  }
}

/** A fresh primary account with a chain of `depth` projects below its root. */
async function chain(depth: number) {
  const account = await signedInAccount(app)
  const as = await caller(account)
  const [root] = (await as.get<Node[]>('/backend/workgroup/all', { tree: '1' })).envelope.data
  const ids = [root!.gid]
  for (let level = 2; level <= depth; level++) {
    const added = await as.post<{ gid: number }>('/backend/workgroup/add', {
      name: `L${level}`,
      pid: ids.at(-1),
    })
    expect(added.envelope.status).toBe(10000)
    ids.push(added.envelope.data.gid)
  }
  return { as, ids }
}

describe('the group tree (tree=1)', () => {
  it('starts with the system-default root, pid 0', async () => {
    const account = await signedInAccount(app)
    const as = await caller(account)
    const tree = await as.get<Node[]>('/backend/workgroup/all', { tree: '1' })
    expect(tree.envelope.data).toEqual([{ gid: expect.any(Number), pid: 0, name: 'My Project', child: [] }])
  })

  it('nests children under their parents', async () => {
    const { as, ids } = await chain(3)
    const [root] = (await as.get<Node[]>('/backend/workgroup/all', { tree: '1' })).envelope.data
    expect(root!.child[0]).toMatchObject({ gid: ids[1], pid: ids[0], name: 'L2' })
    expect(root!.child[0]!.child[0]).toMatchObject({ gid: ids[2], pid: ids[1], name: 'L3', child: [] })
  })

  it('lists projects flat with their details and level', async () => {
    const { as, ids } = await chain(2)
    await as.post('/backend/workgroup/save', {
      gid: ids[1],
      name: 'Branch_1',
      address: 'Av. Siempre Viva 742',
      director: 'Ana',
      remark: 'north site',
    })
    const list = await as.get<Array<Record<string, unknown>>>('/backend/workgroup/all')
    expect(list.envelope.data).toEqual([
      expect.objectContaining({ gid: ids[0], pid: 0, level: 1, is_default: 1, child_count: 1 }),
      expect.objectContaining({
        gid: ids[1],
        pid: ids[0],
        name: 'Branch_1',
        address: 'Av. Siempre Viva 742',
        director: 'Ana',
        remark: 'north site',
        level: 2,
        is_default: 0,
        child_count: 0,
        created_at: expect.any(String),
      }),
    ])
  })
})

describe('the 5-level limit', () => {
  it('refuses a sixth level', async () => {
    const { as, ids } = await chain(5)
    const response = await as.post('/backend/workgroup/add', { name: 'L6', pid: ids[4] })
    expect(response.envelope.status).toBe(ErrorCode.PROJECT_TOO_DEEP)
  })

  it('refuses a move that would take the moved subtree beyond 5 levels, and moves what fits', async () => {
    const { as, ids } = await chain(4)
    // a two-level branch under the root: L2b ─ L3b
    const l2b = (await as.post<{ gid: number }>('/backend/workgroup/add', { name: 'L2b', pid: ids[0] }))
      .envelope.data
    await as.post('/backend/workgroup/add', { name: 'L3b', pid: l2b.gid })
    const tooDeep = await as.post('/backend/workgroup/save', { gid: l2b.gid, name: 'L2b', pid: ids[3] })
    expect(tooDeep.envelope.status).toBe(ErrorCode.PROJECT_TOO_DEEP)
    const fits = await as.post<{ level: number; pid: number }>('/backend/workgroup/save', {
      gid: l2b.gid,
      name: 'L2b',
      pid: ids[2],
    })
    expect(fits.envelope.data).toMatchObject({ level: 4, pid: ids[2] })
    const list = (await as.get<Array<{ name: string; level: number }>>('/backend/workgroup/all')).envelope
      .data
    expect(list.find((project) => project.name === 'L3b')?.level).toBe(5)
  })

  it('refuses to move a project under itself or its own sub-project', async () => {
    const { as, ids } = await chain(3)
    for (const pid of [ids[1], ids[2]]) {
      const response = await as.post('/backend/workgroup/save', { gid: ids[1], name: 'L2', pid })
      expect(response.envelope.status).toBe(ErrorCode.PROJECT_CYCLE)
    }
  })
})

describe('deleting a project', () => {
  it('refuses the system-default root, and moving it', async () => {
    const { as, ids } = await chain(2)
    expect((await as.get('/backend/workgroup/delete', { gid: String(ids[0]) })).envelope.status).toBe(
      ErrorCode.PROJECT_IS_DEFAULT,
    )
    const move = await as.post('/backend/workgroup/save', { gid: ids[0], name: 'Root', pid: ids[1] })
    expect(move.envelope.status).toBe(ErrorCode.PROJECT_IS_DEFAULT)
  })

  it('refuses a project with sub-projects, then deletes it once they are gone', async () => {
    const { as, ids } = await chain(3)
    expect((await as.get('/backend/workgroup/delete', { gid: String(ids[1]) })).envelope.status).toBe(
      ErrorCode.PROJECT_HAS_CHILDREN,
    )
    expect((await as.get('/backend/workgroup/delete', { gid: String(ids[2]) })).envelope.status).toBe(10000)
    expect((await as.get('/backend/workgroup/delete', { gid: String(ids[1]) })).envelope.status).toBe(10000)
    expect((await as.get<Node[]>('/backend/workgroup/all', { tree: '1' })).envelope.data[0]!.child).toEqual(
      [],
    )
  })

  it('refuses a project bound to other accounts through a role', async () => {
    const owner = await caller(world.a.owner)
    const response = await owner.get('/backend/workgroup/delete', { gid: String(world.a.p1) })
    expect(response.envelope.status).toBe(ErrorCode.PROJECT_HAS_CHILDREN)
    const leaf = (
      await owner.post<{ gid: number }>('/backend/workgroup/add', { name: 'leaf', pid: world.a.p2 })
    ).envelope.data
    const role = await owner.post<{ id: number }>('/backend/role/add', {
      name: `b${world.marker}`.slice(0, 10),
      menus: ['project'],
      device_functions: [],
      project_ids: [leaf.gid],
    })
    await owner.post('/backend/user/child/add', {
      username: `bound${world.marker}`,
      password: 'child123',
      confirm_password: 'child123',
      level: 1,
      role_ids: [role.envelope.data.id],
    })
    const bound = await owner.get('/backend/workgroup/delete', { gid: String(leaf.gid) })
    expect(bound.envelope.status).toBe(ErrorCode.PROJECT_BOUND)
  })
})

describe('a child account within its scope', () => {
  it('sees only the projects of its roles, with their sub-projects', async () => {
    const child = await caller(world.a.childFull)
    const tree = (await child.get<Node[]>('/backend/workgroup/all', { tree: '1' })).envelope.data
    expect(tree).toHaveLength(1)
    expect(tree[0]).toMatchObject({ gid: world.a.p1, pid: world.a.root })
    expect(tree[0]!.child.map((node) => node.gid)).toContain(world.a.p2)
    const rootInfo = await child.get('/backend/workgroup/info', { gid: String(world.a.root) })
    expect(rootInfo.envelope.status).toBe(ErrorCode.NO_PERMISSION)
  })

  it('adds and edits inside its scope only', async () => {
    const child = await caller(world.a.childFull)
    const inside = await child.post<{ gid: number }>('/backend/workgroup/add', {
      name: 'byChild',
      pid: world.a.p2,
    })
    expect(inside.envelope.status).toBe(10000)
    const outside = await child.post('/backend/workgroup/add', { name: 'byChild', pid: world.a.root })
    expect(outside.envelope.status).toBe(ErrorCode.NO_PERMISSION)
    const otherTenant = await child.post('/backend/workgroup/add', { name: 'byChild', pid: world.b.root })
    expect(otherTenant.envelope.status).toBe(ErrorCode.NO_PERMISSION)
  })

  it('cannot move the project its role grants, which would move its own scope', async () => {
    const child = await caller(world.a.childFull)
    const response = await child.post('/backend/workgroup/save', {
      gid: world.a.p1,
      name: `P${world.marker}`,
      pid: world.a.p2,
    })
    expect(response.envelope.status).toBe(ErrorCode.NO_PERMISSION)
  })

  it('is refused project changes as a guest, though it sees the tree', async () => {
    const owner = await caller(world.a.owner)
    const role = await owner.post<{ id: number }>('/backend/role/add', {
      name: `g${world.marker}`.slice(0, 10),
      menus: ['project'],
      device_functions: ['view'],
      project_ids: [world.a.p1],
      guest: true,
    })
    const username = `guest${world.marker}`
    await owner.post('/backend/user/child/add', {
      username,
      password: 'guest123',
      confirm_password: 'guest123',
      level: 2,
      role_ids: [role.envelope.data.id],
    })
    const guest = await caller({ username, password: 'guest123' })
    expect((await guest.get<Node[]>('/backend/workgroup/all', { tree: '1' })).envelope.data).toHaveLength(1)
    const add = await guest.post('/backend/workgroup/add', { name: 'nope', pid: world.a.p1 })
    expect(add.envelope.status).toBe(ErrorCode.NO_PERMISSION)
  })
})

describe('project input rules (§5)', () => {
  it.each([
    ['an empty name', { name: '' }],
    ['a name over 10 characters', { name: 'abcdefghijk' }],
    ['a name with a space', { name: 'a b' }],
    ['an address over 100 characters', { name: 'ok', address: 'x'.repeat(101) }],
  ])('refuses %s', async (_, fields) => {
    const { as, ids } = await chain(1)
    const response = await as.post('/backend/workgroup/add', { pid: ids[0], ...fields })
    expect(response.envelope.status).not.toBe(10000)
    expect(response.httpStatus).toBe(400)
  })

  it('accepts Chinese names, underscore and @', async () => {
    const { as, ids } = await chain(1)
    const response = await as.post('/backend/workgroup/add', { pid: ids[0], name: '北京_机房@1' })
    expect(response.envelope.status).toBe(10000)
  })
})
