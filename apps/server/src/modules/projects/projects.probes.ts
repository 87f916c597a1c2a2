import type { RouteProbe } from '../../../test/probes'

const scratchProject = async (ownerCall: Parameters<RouteProbe['request']>[0]['ownerCall'], pid: number) =>
  (await ownerCall<{ gid: number }>('POST', '/backend/workgroup/add', { body: { name: 'scratch', pid } })).gid

export const probes: RouteProbe[] = [
  { route: 'GET /backend/workgroup/all', about: 'the caller', request: () => ({ query: { tree: '1' } }) },
  {
    route: 'GET /backend/workgroup/info',
    about: 'tenant A',
    request: ({ world }) => ({ query: { gid: String(world.a.p1) } }),
  },
  {
    route: 'POST /backend/workgroup/add',
    about: 'tenant A',
    request: ({ world }) => ({ body: { name: 'added', pid: world.a.p1 } }),
  },
  {
    route: 'POST /backend/workgroup/save',
    about: 'tenant A',
    request: ({ world }) => ({ body: { gid: world.a.p2, name: `Q${world.marker}`, remark: 'edited' } }),
  },
  {
    route: 'GET /backend/workgroup/delete',
    about: 'tenant A',
    request: async ({ world, ownerCall }) => ({
      query: { gid: String(await scratchProject(ownerCall, world.a.p2)) },
    }),
  },
]
