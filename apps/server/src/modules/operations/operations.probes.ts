import type { RouteProbe } from '../../../test/probes'

export const probes: RouteProbe[] = [
  // The log of what the caller sees: another tenant, or a child scoped elsewhere, sees none of A's.
  {
    route: 'POST /backend/log/operation/list',
    about: 'the caller',
    request: () => ({ body: { pageIndex: 1, pageOffset: 50 } }),
  },
  {
    route: 'GET /backend/log/operation/export',
    about: 'the caller',
    request: () => ({ query: { days: '7' } }),
  },
]
