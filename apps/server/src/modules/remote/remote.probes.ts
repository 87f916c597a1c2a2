import type { RouteProbe } from '../../../test/probes'

export const probes: RouteProbe[] = [
  {
    route: 'POST /backend/device/remote',
    about: 'tenant A',
    request: ({ world }) => ({ body: { id: world.a.devices.inP1, service: 'web' } }),
  },
]
