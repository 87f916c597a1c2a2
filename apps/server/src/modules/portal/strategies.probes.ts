import type { ProbeContext, RouteProbe } from '../../../test/probes'

const strategy = () => ({
  name: `s${Math.random().toString(36).slice(2, 9)}`,
  validity_days: 1,
  mac_whitelist: '02:C1:01:74:8E:58',
})

/** A strategy of tenant A, made by its owner, for the calls that name one. */
async function ownStrategy({ ownerCall }: ProbeContext): Promise<number> {
  const { id } = await ownerCall<{ id: number }>('POST', '/backend/portal/strategy/add', { body: strategy() })
  return id
}

export const probes: RouteProbe[] = [
  {
    route: 'POST /backend/portal/strategy/list',
    about: 'the caller',
    request: () => ({ body: { pageIndex: 1, pageOffset: 10 } }),
  },
  {
    route: 'GET /backend/portal/strategy/info',
    about: 'tenant A',
    request: async (context) => ({ query: { id: String(await ownStrategy(context)) } }),
  },
  // names nothing of tenant A: another tenant's owner adds one of its own
  {
    route: 'POST /backend/portal/strategy/add',
    about: 'the caller',
    creates: true,
    request: () => ({ body: strategy() }),
  },
  {
    route: 'POST /backend/portal/strategy/save',
    about: 'tenant A',
    request: async (context) => ({
      body: { id: await ownStrategy(context), ...strategy(), validity_days: null },
    }),
  },
  {
    route: 'POST /backend/portal/strategy/delete',
    about: 'tenant A',
    request: async (context) => ({ body: { id: await ownStrategy(context) } }),
  },
]
