import { uniqueName } from '../../../test/factories'
import type { OwnerCall, RouteProbe } from '../../../test/probes'
import type { World } from '../../../test/world'

const addChild = async (world: World, ownerCall: OwnerCall) =>
  (
    await ownerCall<{ uid: number }>('POST', '/backend/user/child/add', {
      body: newChild(world),
    })
  ).uid

const newChild = (world: World) => ({
  username: uniqueName('k'),
  password: 'child123',
  confirm_password: 'child123',
  level: 1,
  role_ids: [world.a.roleNone],
})

export const probes: RouteProbe[] = [
  {
    route: 'POST /backend/user/child/list',
    about: 'the caller',
    request: () => ({ body: { pageIndex: 1, pageOffset: 10 } }),
  },
  { route: 'GET /backend/user/child/count', about: 'the caller', request: () => ({}) },
  {
    route: 'GET /backend/user/child/info',
    about: 'tenant A',
    request: ({ world }) => ({ query: { uid: String(world.a.childFull.uid) } }),
  },
  {
    route: 'POST /backend/user/child/add',
    about: 'tenant A',
    request: ({ world }) => ({ body: newChild(world) }),
  },
  {
    route: 'POST /backend/user/child/save',
    about: 'tenant A',
    request: async ({ world, ownerCall }) => ({
      body: { uid: await addChild(world, ownerCall), level: 2, status: 0, role_ids: [world.a.roleNone] },
    }),
  },
  {
    route: 'POST /backend/user/child/resetspassword',
    about: 'tenant A',
    request: async ({ world, ownerCall }) => ({
      body: { uids: [await addChild(world, ownerCall)], password: 'fresh123', confirm_password: 'fresh123' },
    }),
  },
  {
    route: 'POST /backend/user/child/deletes',
    about: 'tenant A',
    request: async ({ world, ownerCall }) => ({ body: { uids: [await addChild(world, ownerCall)] } }),
  },
]
