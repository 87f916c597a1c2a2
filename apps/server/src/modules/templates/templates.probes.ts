import { uniqueName } from '../../../test/factories'
import type { ProbeContext, RouteProbe } from '../../../test/probes'

/** A template's name: a §5 title, unique in the tenant. */
const templateName = () => `T${uniqueName('p').replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 25)
/** Settings every model takes: the LED and a timed reboot. */
const settings = () => ({
  system: { led: true, timedReboot: { enabled: true, days: [1, 3], time: '03:30' } },
})

/** A template of tenant A's owner (only the primary account and its creator manage it). */
async function ownersTemplate({ ownerCall }: ProbeContext): Promise<number> {
  const { id } = await ownerCall<{ id: number }>('POST', '/backend/device/tpl/add', {
    body: { name: templateName(), settings: settings() },
  })
  return id
}

export const probes: RouteProbe[] = [
  {
    route: 'POST /backend/device/tpl/list',
    about: 'the caller',
    request: () => ({ body: { pageIndex: 1, pageOffset: 10 } }),
  },
  {
    route: 'GET /backend/device/tpl/info',
    about: 'tenant A',
    request: async (context) => ({ query: { id: String(await ownersTemplate(context)) } }),
  },
  {
    route: 'POST /backend/device/tpl/add',
    about: 'the caller',
    creates: true,
    request: () => ({ body: { name: templateName(), settings: settings() } }),
  },
  {
    route: 'POST /backend/device/tpl/add/device',
    about: 'tenant A',
    request: ({ world }) => ({ body: { name: templateName(), deviceId: world.a.devices.inP1 } }),
  },
  {
    route: 'POST /backend/device/tpl/save',
    about: 'tenant A',
    request: async (context) => ({
      body: { id: await ownersTemplate(context), name: templateName(), settings: settings() },
    }),
  },
  {
    route: 'POST /backend/device/tpl/copy',
    about: 'tenant A',
    request: async (context) => ({ body: { id: await ownersTemplate(context), name: templateName() } }),
  },
  {
    route: 'POST /backend/device/tpl/delete',
    about: 'tenant A',
    request: async (context) => ({ body: { id: await ownersTemplate(context) } }),
  },
  {
    route: 'POST /backend/device/tpl/set',
    about: 'tenant A',
    request: async (context) => ({
      body: { tplId: await ownersTemplate(context), ids: [context.world.a.devices.inP1] },
    }),
  },
  {
    route: 'POST /backend/device/child/tpl/set',
    about: 'tenant A',
    // Automatic: it needs no device online (a manual one would depend on p2's devices' states).
    request: async (context) => ({
      body: { tplId: await ownersTemplate(context), gid: context.world.a.p2, mode: 'automatic' },
    }),
    restore: async ({ world, ownerCall }) => {
      await ownerCall('POST', '/backend/device/child/tpl/set', {
        body: { tplId: null, gid: world.a.p2, mode: 'automatic' },
      })
    },
  },
  {
    route: 'POST /backend/device/tpl/states',
    about: 'tenant A',
    request: ({ world }) => ({ body: { ids: [world.a.devices.inP1] } }),
  },
]
