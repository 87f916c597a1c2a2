import type { ProbeContext, RouteProbe } from '../../../test/probes'

/** A fresh message of tenant A's owner: its id. */
async function ownersMessage({ app, world, ownerCall }: ProbeContext): Promise<number> {
  await app.messages.post({
    tenantId: world.a.tenantId,
    accountIds: [world.a.owner.uid],
    kind: 'announcement',
    titleKey: 'messages.titles.announcement',
    params: { title: 'probe' },
  })
  const { list } = await ownerCall<{ list: Array<{ id: number }> }>('POST', '/backend/msg/list', {
    body: { pageIndex: 1, pageOffset: 1 },
  })
  return list[0]!.id
}

export const probes: RouteProbe[] = [
  {
    route: 'POST /backend/msg/list',
    about: 'the caller',
    request: () => ({ body: { pageIndex: 1, pageOffset: 10 } }),
  },
  { route: 'GET /backend/msg/unread', about: 'the caller', request: () => ({}) },
  { route: 'POST /backend/msg/readall', about: 'the caller', request: () => ({}) },
  {
    route: 'POST /backend/msg/read',
    about: 'tenant A',
    request: async (context) => ({ body: { ids: [await ownersMessage(context)] } }),
  },
  {
    route: 'POST /backend/msg/delete',
    about: 'tenant A',
    request: async (context) => ({ body: { ids: [await ownersMessage(context)] } }),
  },
]
