import { boundSpare, type RouteProbe } from '../../../test/probes'

export const probes: RouteProbe[] = [
  // spare[3] (a 4G router) reboots; the batch reboots the device in p2 (nothing after uses it).
  {
    route: 'POST /backend/device/restart',
    about: 'tenant A',
    request: async (context) => ({ body: { id: (await boundSpare(context, 3)).id } }),
  },
  {
    route: 'POST /backend/device/restarts',
    about: 'tenant A',
    request: ({ world }) => ({ body: { ids: [world.a.devices.inP2] } }),
  },
  {
    route: 'POST /backend/device/blink',
    about: 'tenant A',
    request: ({ world }) => ({ body: { id: world.a.devices.inP1 } }),
  },
  {
    route: 'POST /backend/device/log',
    about: 'tenant A',
    request: ({ world }) => ({ body: { id: world.a.devices.inP1 } }),
  },
  {
    route: 'POST /backend/device/wifi/users',
    about: 'tenant A',
    request: ({ world }) => ({ body: { id: world.a.devices.inP1 } }),
  },
  {
    route: 'POST /backend/device/getwifioptions',
    about: 'tenant A',
    request: ({ world }) => ({ body: { id: world.a.devices.inP1 } }),
  },
  {
    route: 'POST /backend/device/reports',
    about: 'tenant A',
    request: ({ world }) => ({ body: { id: world.a.devices.inP1, hours: 24 } }),
  },
  {
    route: 'POST /backend/device/relation/users',
    about: 'tenant A',
    request: ({ world }) => ({ body: { id: world.a.devices.inP1 } }),
  },
  {
    route: 'GET /backend/device/operation',
    about: 'tenant A',
    request: async ({ world, ownerCall }) => {
      const { operation_id } = await ownerCall<{ operation_id: number }>('POST', '/backend/device/setleds', {
        body: { ids: [world.a.devices.inP1], led: true },
      })
      return { query: { id: String(operation_id) } }
    },
  },
]
