import { simulatedPassword } from '@canopy/simulator'
import { eventually } from '../../../test/devices'
import type { ProbeContext, RouteProbe } from '../../../test/probes'

const bindBody = (mac: string, gid: number) => ({
  mac,
  username: 'admin',
  password: simulatedPassword(mac),
  gid: String(gid),
})

/** A spare device bound by the owner (each probe takes its own). */
async function boundSpare({ world, ownerCall }: ProbeContext, index: number) {
  const device = world.spare[index]!
  const { id } = await ownerCall<{ id: number }>('POST', '/backend/device/bind', {
    body: bindBody(device.mac, world.a.p2),
  })
  return { id, device }
}

export const probes: RouteProbe[] = [
  { route: 'POST /backend/device/list', request: () => ({ body: { pageIndex: 1, pageOffset: 10 } }) },
  { route: 'POST /backend/device/infos', request: ({ world }) => ({ body: { id: world.a.devices.inP1 } }) },
  {
    route: 'POST /backend/device/bind',
    request: ({ world }) => ({ body: bindBody(world.spare[0]!.mac, world.a.p1) }),
  },
  {
    route: 'POST /backend/device/unbind',
    request: async (context) => ({ body: { ids: [(await boundSpare(context, 1)).id] } }),
  },
  {
    route: 'POST /backend/device/deletes',
    request: async (context) => {
      const { id, device } = await boundSpare(context, 2)
      await device.stop()
      await eventually(
        () => context.ownerCall<{ status: string }>('POST', '/backend/device/infos', { body: { id } }),
        (info) => info.status === 'offline',
      )
      return { body: { ids: [id] } }
    },
  },
  {
    route: 'POST /backend/device/transgroup',
    request: ({ world }) => ({ body: { ids: [world.a.devices.inP2], gid: world.a.p1 } }),
  },
  { route: 'GET /backend/device/statistics', request: () => ({}) },
  { route: 'GET /backend/device/types', request: () => ({}) },
  { route: 'POST /backend/user/statistics/clients/onlines', request: () => ({ body: { hours: 24 } }) },
]
