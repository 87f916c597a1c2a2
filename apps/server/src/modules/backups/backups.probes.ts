import { sql } from 'drizzle-orm'
import type { ProbeContext, RouteProbe } from '../../../test/probes'
import { SecretBox } from '../../db/secrets'
import { sealConfig } from './backup-content'

/**
 * A backup of tenant A's device in p1, filed as an upload files it (secrets sealed with the
 * server's key), at a version of its own each time.
 */
async function backupOfTenantA({ world, app }: ProbeContext): Promise<number> {
  const { db } = app.database
  const deviceId = world.a.devices.inP1
  const found = await db.execute<{ model: string; mac: string; tenant_id: number }>(
    sql`select p.model, d.mac, d.tenant_id from devices d join products p on p.id = d.product_id where d.id = ${deviceId}`,
  )
  const device = found.rows[0]!
  const sealed = sealConfig(
    { system: { led: true }, wifi: { '2g': { ssid: 'Probe', password: 'probe-secret' } } },
    await SecretBox.open(db, 'config-backup-key'),
  )
  const inserted = await db.execute<{ id: number }>(sql`
    insert into config_backups (tenant_id, device_id, version, mac, model, size, sha256, source, config, secrets)
    select ${device.tenant_id}, ${deviceId}, coalesce(max(version), 0) + 1, ${device.mac}, ${device.model}, 100,
      ${'0'.repeat(64)}, 'manual', ${JSON.stringify(sealed.config)}::jsonb, ${sealed.secrets}
    from config_backups where device_id = ${deviceId}
    returning id`)
  return inserted.rows[0]!.id
}

/** Tenant A's device in p1 flagged as drifted (its LED changed on the device). */
async function driftedDeviceOfTenantA({ world, app }: ProbeContext): Promise<number> {
  const deviceId = world.a.devices.inP1
  await app.database.db.execute(sql`
    insert into config_baselines (device_id, tenant_id, baseline, drift, drifted)
    select ${deviceId}, tenant_id, '{"system":{"led":true}}'::jsonb, '{"system":{"led":true}}'::jsonb, true
    from devices where id = ${deviceId}
    on conflict (device_id) do update set drift = excluded.drift, drifted = true`)
  return deviceId
}

export const probes: RouteProbe[] = [
  {
    route: 'POST /backend/backup/create',
    about: 'tenant A',
    request: ({ world }) => ({ body: { ids: [world.a.devices.inP1] } }),
  },
  {
    route: 'POST /backend/backup/list',
    about: 'tenant A',
    request: ({ world }) => ({ body: { id: world.a.devices.inP1 } }),
  },
  {
    route: 'GET /backend/backup/download',
    about: 'tenant A',
    request: async (context) => ({ query: { id: String(await backupOfTenantA(context)) } }),
  },
  {
    route: 'POST /backend/backup/diff',
    about: 'tenant A',
    request: async (context) => ({
      body: { from: await backupOfTenantA(context), to: await backupOfTenantA(context) },
    }),
  },
  {
    route: 'POST /backend/backup/note',
    about: 'tenant A',
    request: async (context) => ({ body: { id: await backupOfTenantA(context), note: 'probe' } }),
  },
  {
    route: 'POST /backend/backup/delete',
    about: 'tenant A',
    request: async (context) => ({ body: { id: await backupOfTenantA(context) } }),
  },
  {
    route: 'POST /backend/backup/keep',
    about: 'tenant A',
    request: ({ world }) => ({ body: { id: world.a.devices.inP1, keep: 50 } }),
  },
  {
    route: 'POST /backend/backup/restore',
    about: 'tenant A',
    request: async (context) => ({
      body: { backupId: await backupOfTenantA(context), ids: [context.world.a.devices.inP1] },
    }),
  },
  {
    route: 'POST /backend/backup/schedule/info',
    about: 'tenant A',
    request: ({ world }) => ({ body: { gid: world.a.p1 } }),
  },
  {
    route: 'POST /backend/backup/schedule/save',
    about: 'tenant A',
    request: ({ world }) => ({ body: { gid: world.a.p1, frequency: 'daily', time: '03:30' } }),
  },
  {
    route: 'POST /backend/backup/drift/info',
    about: 'tenant A',
    request: ({ world }) => ({ body: { id: world.a.devices.inP1 } }),
  },
  {
    route: 'POST /backend/backup/drift/devices',
    about: 'the caller',
    request: ({ world }) => ({ body: { ids: [world.a.devices.inP1, world.a.devices.inP2] } }),
  },
  {
    route: 'POST /backend/backup/drift/accept',
    about: 'tenant A',
    request: async (context) => ({ body: { id: await driftedDeviceOfTenantA(context) } }),
  },
  {
    route: 'POST /backend/backup/drift/putback',
    about: 'tenant A',
    request: async (context) => ({ body: { id: await driftedDeviceOfTenantA(context) } }),
  },
]
