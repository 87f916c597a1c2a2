import { startMailbox } from '../../../test/mailbox'
import type { ProbeContext, RouteProbe } from '../../../test/probes'

let testMailbox: Awaited<ReturnType<typeof startMailbox>> | undefined

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

// The tenant's e-mail service (primary only): about the caller's own tenant.
probes.push(
  { route: 'GET /backend/msg/mail/info', about: 'the caller', request: () => ({}) },
  {
    route: 'POST /backend/msg/mail/test',
    about: 'the caller',
    // The owner's test mail goes to a real SMTP receiver, set as the tenant's e-mail service.
    request: async ({ ownerCall }) => {
      testMailbox = await startMailbox()
      const body = { host: '127.0.0.1', port: testMailbox.port, address: 'alerts@example.test' }
      await ownerCall('POST', '/backend/msg/mail/save', { body })
      return {}
    },
    restore: async () => {
      await testMailbox?.close()
    },
  },
  {
    route: 'POST /backend/msg/mail/save',
    about: 'the caller',
    request: () => ({ body: { host: 'smtp.example.test', port: 587, address: 'alerts@example.test' } }),
  },
)
