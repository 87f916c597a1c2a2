import type { RouteProbe } from '../../../test/probes'

export const probes: RouteProbe[] = [
  {
    route: 'POST /backend/device/traffic',
    about: 'tenant A',
    request: ({ world }) => ({ body: { id: world.a.devices.inP1, range: 'day' } }),
  },
  {
    route: 'POST /backend/user/statistics/traffic',
    about: 'the caller',
    request: () => ({ body: { range: 'week' } }),
  },
]
