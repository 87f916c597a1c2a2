import type { RouteProbe } from '../../../test/probes'

export const probes: RouteProbe[] = [
  { route: 'GET /backend/auth/token/destroy', about: 'the caller', endsSession: true, request: () => ({}) },
  { route: 'GET /backend/auth/userinfo', about: 'the caller', request: () => ({}) },
]
