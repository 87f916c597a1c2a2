import { bindBody, eventually } from '../../../test/devices'
import { boundSpare, type RouteProbe } from '../../../test/probes'

export const probes: RouteProbe[] = [
  {
    route: 'POST /backend/device/list',
    about: 'the caller',
    request: () => ({ body: { pageIndex: 1, pageOffset: 10 } }),
  },
  {
    route: 'POST /backend/device/infos',
    about: 'tenant A',
    request: ({ world }) => ({ body: { id: world.a.devices.inP1 } }),
  },
  {
    route: 'POST /backend/device/bind',
    about: 'tenant A',
    request: ({ world }) => ({ body: bindBody(world.spare[0]!.mac, world.a.p1) }),
  },
  {
    route: 'POST /backend/device/unbind',
    about: 'tenant A',
    request: async (context) => ({ body: { ids: [(await boundSpare(context, 1, context.world.a.p2)).id] } }),
  },
  {
    route: 'POST /backend/device/deletes',
    about: 'tenant A',
    request: async (context) => {
      const { id, device } = await boundSpare(context, 2, context.world.a.p2)
      await device.stop()
      await eventually(
        () => context.ownerCall<{ status: string }>('POST', '/backend/device/infos', { body: { id } }),
        (info) => info.status === 'offline',
      )
      return { body: { ids: [id] } }
    },
  },
  {
    route: 'POST /backend/device/transgroup',
    about: 'tenant A',
    request: ({ world }) => ({ body: { ids: [world.a.devices.inP2], gid: world.a.p1 } }),
  },
  { route: 'GET /backend/device/statistics', about: 'the caller', request: () => ({}) },
  { route: 'GET /backend/device/types', about: 'the caller', request: () => ({}) },
  {
    route: 'POST /backend/user/statistics/clients/onlines',
    about: 'the caller',
    request: () => ({ body: { hours: 24 } }),
  },
]
