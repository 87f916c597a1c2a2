import type { RouteProbe } from '../../../test/probes'

export const probes: RouteProbe[] = [
  {
    route: 'GET /backend/wechat/bind/qrcode',
    about: 'tenant A',
    request: ({ world }) => ({ query: { uid: String(world.a.childFull.uid) } }),
  },
  {
    route: 'GET /backend/wechat/unbind',
    about: 'tenant A',
    request: ({ world }) => ({ query: { uid: String(world.a.childFull.uid) } }),
  },
]
