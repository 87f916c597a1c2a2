import type { RouteProbe } from '../../../test/probes'

/** Every virtual model has a 2.4 GHz radio, so the world's devices all report the `2g` SSID. */
export const probes: RouteProbe[] = [
  {
    route: 'POST /backend/device/auth/info',
    about: 'tenant A',
    request: ({ world }) => ({ body: { id: world.a.devices.inP1 } }),
  },
  {
    route: 'POST /backend/device/auth/set',
    about: 'tenant A',
    request: ({ world }) => ({ body: { id: world.a.devices.inP1, target: '2g', enabled: false } }),
  },
  {
    route: 'POST /backend/device/auth/roam/info',
    about: 'tenant A',
    request: ({ world }) => ({ body: { gid: world.a.p1 } }),
  },
  // off: the other probes change p1's devices' portals, which roaming would refuse
  {
    route: 'POST /backend/device/auth/roam/set',
    about: 'tenant A',
    request: ({ world }) => ({ body: { gid: world.a.p1, enabled: false } }),
  },
]
