import type { RouteProbe } from '../../../test/probes'

export const probes: RouteProbe[] = [
  { route: 'GET /backend/auth/token/destroy', request: () => ({}) },
  { route: 'GET /backend/auth/userinfo', request: () => ({}) },
]
