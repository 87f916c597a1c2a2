import type { RouteProbe } from '../../../test/probes'
import { boundSpare } from '../settings/settings.probes'

export const probes: RouteProbe[] = [
  // spare[3] (a 4G router) reboots; the batch reboots the device in p2 (nothing after uses it).
  {
    route: 'POST /backend/device/restart',
    request: async (context) => ({ body: { id: await boundSpare(context, 3) } }),
  },
  {
    route: 'POST /backend/device/restarts',
    request: ({ world }) => ({ body: { ids: [world.a.devices.inP2] } }),
  },
  { route: 'POST /backend/device/blink', request: ({ world }) => ({ body: { id: world.a.devices.inP1 } }) },
  { route: 'POST /backend/device/log', request: ({ world }) => ({ body: { id: world.a.devices.inP1 } }) },
  {
    route: 'POST /backend/device/wifi/users',
    request: ({ world }) => ({ body: { id: world.a.devices.inP1 } }),
  },
  {
    route: 'POST /backend/device/getwifioptions',
    request: ({ world }) => ({ body: { id: world.a.devices.inP1 } }),
  },
  {
    route: 'POST /backend/device/reports',
    request: ({ world }) => ({ body: { id: world.a.devices.inP1, hours: 24 } }),
  },
  {
    route: 'POST /backend/device/relation/users',
    request: ({ world }) => ({ body: { id: world.a.devices.inP1 } }),
  },
  {
    route: 'GET /backend/device/operation',
    request: async ({ world, ownerCall }) => {
      const { operation_id } = await ownerCall<{ operation_id: number }>('POST', '/backend/device/setleds', {
        body: { ids: [world.a.devices.inP1], led: true },
      })
      return { query: { id: String(operation_id) } }
    },
  },
]
