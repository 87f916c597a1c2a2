import type { RouteProbe } from '../../../test/probes'

const role = (name: string, projectIds: number[]) => ({
  name,
  menus: ['project'],
  device_functions: ['view'],
  project_ids: projectIds,
})

export const probes: RouteProbe[] = [
  { route: 'GET /backend/role/all', about: 'the caller', request: () => ({}) },
  {
    route: 'GET /backend/role/info',
    about: 'tenant A',
    request: ({ world }) => ({ query: { id: String(world.a.roleFull) } }),
  },
  {
    route: 'POST /backend/role/add',
    about: 'tenant A',
    request: ({ world }) => ({
      body: {
        ...role(`r${Math.random().toString(36).slice(2, 9)}`, [world.a.p2]),
        device_ids: [world.a.devices.inP2],
      },
    }),
  },
  {
    route: 'POST /backend/role/save',
    about: 'tenant A',
    request: async ({ world, ownerCall }) => {
      const current = await ownerCall<{ name: string }>('GET', '/backend/role/info', {
        query: { id: String(world.a.roleNone) },
      })
      return { body: { id: world.a.roleNone, ...role(current.name, []), menus: [], device_functions: [] } }
    },
  },
  {
    route: 'GET /backend/role/delete',
    about: 'tenant A',
    request: async ({ ownerCall }) => {
      const { id } = await ownerCall<{ id: number }>('POST', '/backend/role/add', {
        body: role(`d${Math.random().toString(36).slice(2, 9)}`, []),
      })
      return { query: { id: String(id) } }
    },
  },
]
