import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { buildFirmwareImage } from '@canopy/shared/protocol'
import { sql } from 'drizzle-orm'
import type { ProbeContext, RouteProbe } from '../../../test/probes'
import { receiveImage } from '../firmware/firmware-upload'

/**
 * Tenant A's device that can upgrade, and a public package for its model (a new version each
 * time, so packages never collide).
 */
async function upgradable({ world, app }: ProbeContext): Promise<{ deviceId: number; packageId: number }> {
  const found = await app.database.db.execute<{ id: number; model: string }>(
    sql`select d.id, p.model from devices d join products p on p.id = d.product_id
      where d.id in (${world.a.devices.inP1}, ${world.a.devices.inP2}) and 'upgrade' = any(p.capabilities)
      order by d.id limit 1`,
  )
  const device = found.rows[0]
  if (!device) throw new Error('tenant A has no device that can upgrade')
  const version = `77.${randomBytes(3).readUIntBE(0, 3)}`
  const image = Buffer.from(buildFirmwareImage({ model: device.model, version, size: 4096 }))
  const received = await receiveImage(`probe-${version}.bin`, Readable.from([image]), 1024 * 1024)
  const { id: packageId } = await app.firmware.upload({ kind: 'operator' }, received, {})
  return { deviceId: device.id, packageId }
}

/** An order of tenant A's owner for one of its devices, due in an hour (nothing is sent meanwhile). */
async function timedOrder(context: ProbeContext) {
  const { deviceId, packageId } = await upgradable(context)
  return { deviceId, packageId, body: timedBody(deviceId, packageId) }
}
const timedBody = (deviceId: number, packageId: number) => ({
  deviceIds: [deviceId],
  packageId,
  timing: 'timed',
  startAt: new Date(Date.now() + 3_600_000).toISOString(),
  waitOffline: true,
})

async function canceledOrder(context: ProbeContext): Promise<number> {
  const { body } = await timedOrder(context)
  const { id } = await context.ownerCall<{ id: number }>('POST', '/backend/upgrade/create', { body })
  await context.ownerCall('POST', '/backend/upgrade/cancel', { body: { id } })
  return id
}

export const probes: RouteProbe[] = [
  {
    route: 'POST /backend/upgrade/create',
    about: 'tenant A',
    request: async (context) => ({ body: (await timedOrder(context)).body }),
  },
  {
    route: 'POST /backend/upgrade/list',
    about: 'the caller',
    request: () => ({ body: { pageIndex: 1, pageOffset: 10 } }),
  },
  {
    route: 'POST /backend/upgrade/info',
    about: 'tenant A',
    request: async (context) => {
      const { body } = await timedOrder(context)
      const { id } = await context.ownerCall<{ id: number }>('POST', '/backend/upgrade/create', { body })
      return { body: { id } }
    },
  },
  {
    route: 'POST /backend/upgrade/retry',
    about: 'tenant A',
    request: async (context) => ({ body: { id: await canceledOrder(context) } }),
  },
  {
    route: 'POST /backend/upgrade/cancel',
    about: 'tenant A',
    request: async (context) => {
      const { body } = await timedOrder(context)
      const { id } = await context.ownerCall<{ id: number }>('POST', '/backend/upgrade/create', { body })
      return { body: { id } }
    },
  },
  {
    route: 'POST /backend/upgrade/delete',
    about: 'tenant A',
    request: async (context) => ({ body: { ids: [await canceledOrder(context)] } }),
  },
  {
    route: 'POST /backend/upgrade/devices',
    about: 'tenant A',
    request: ({ world }) => ({ body: { ids: [world.a.devices.inP1] } }),
  },
  {
    route: 'POST /backend/log/upgrade/list',
    about: 'the caller',
    request: () => ({ body: { pageIndex: 1, pageOffset: 10 } }),
  },
  {
    route: 'GET /backend/log/upgrade/export',
    about: 'the caller',
    request: () => ({ query: { days: '7' } }),
  },
]
