import type { RegistrationResponse } from '@canopy/shared/protocol'
import {
  catalogueEntries,
  type DeviceProfile,
  type Fleet,
  type FleetOptions,
  PROFILES,
  randomMac,
  signedRegistration,
  simulatedPassword,
  startFleet,
  type VirtualDevice,
} from '@canopy/simulator'
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { devices } from '../src/db/schema'
import { OPERATOR_HEADER } from '../src/http/authorize'
import { signedInAccount } from './factories'
import type { TestApp } from './test-app'

/** A signed-in owner and their tenant's id, for suites that hand devices to it directly. */
export async function signedInTenant(app: TestApp) {
  const owner = await signedInAccount(app)
  const rows = await app.database.db.execute<{ id: number; tenant_id: number }>(
    sql`select id, tenant_id from accounts where username = ${owner.username}`,
  )
  return { owner, accountId: rows.rows[0]!.id, tenantId: rows.rows[0]!.tenant_id }
}

/**
 * Gives a registered device to a tenant without binding it (binding is another suite's subject):
 * its id.
 */
export async function giveToTenant(app: TestApp, tenantId: number, thing: string): Promise<number> {
  const rows = await app.database.db.execute<{ id: number }>(
    sql`update devices set tenant_id = ${tenantId} where thing_name = ${thing} returning id`,
  )
  return rows.rows[0]!.id
}

/** Calls the operator API as the CLI would. */
export async function operatorCall<T>(app: TestApp, method: 'GET' | 'POST', path: string, body?: unknown) {
  return app.call<T>({ method, path, body, headers: { [OPERATOR_HEADER]: app.operatorToken } })
}

/** The virtual fleet's products, imported into the catalogue (idempotent). */
export async function importSimulatedCatalogue(app: TestApp): Promise<void> {
  const response = await operatorCall(app, 'POST', '/operator/products/import', {
    products: catalogueEntries(),
  })
  if (response.envelope.status !== 10000)
    throw new Error(`catalogue import: ${JSON.stringify(response.envelope)}`)
}

/**
 * Virtual devices that register through the app and connect to its broker. The fleet is up once
 * the server has filed each device's first status (online, with its management credential):
 * before that a bind is refused as a wrong password, which is what a user binding a device in
 * the second it powers on would see too.
 */
export async function startTestFleet(
  app: TestApp,
  options: Partial<FleetOptions> & { count: number },
): Promise<Fleet> {
  await importSimulatedCatalogue(app)
  const fleet = await connectFleet(app, options)
  const things = fleet.devices.map((device) => device.thing)
  const filed = async () =>
    (
      await app.database.db
        .select({ id: devices.id })
        .from(devices)
        .where(and(inArray(devices.thingName, things), isNotNull(devices.managementCredential)))
    ).length
  await eventually(filed, (count) => count === things.length, 20_000)
  return fleet
}

function connectFleet(app: TestApp, options: Partial<FleetOptions> & { count: number }): Promise<Fleet> {
  return startFleet({
    telemetryIntervalSeconds: 30,
    applyDelayMs: [20, 60],
    ...options,
    mqttUrl: app.gateway.brokerUrl,
    provision: async (request) => {
      const response = await app.call<RegistrationResponse>({
        method: 'POST',
        path: '/device/register',
        body: request,
      })
      if (response.envelope.status !== 10000)
        throw new Error(`register: ${JSON.stringify(response.envelope)}`)
      return response.envelope.data
    },
  })
}

/** Binds a virtual device to the caller's project, as the bind dialog does. */
export async function bindDevice(app: TestApp, token: string, mac: string, gid: number): Promise<number> {
  const body = bindBody(mac, gid)
  return (await app.ok<{ id: number }>({ method: 'POST', path: '/backend/device/bind', token, body })).id
}

/** The bind dialog's request for a virtual device, with its management password. */
export const bindBody = (mac: string, gid: number) => ({
  mac,
  username: 'admin',
  password: simulatedPassword(mac),
  gid: String(gid),
})

/** Waits until a condition holds (devices answer over the network: nothing is instant). */
export async function eventually<T>(
  probe: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last = await probe()
  while (!accept(last)) {
    if (Date.now() > deadline)
      throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(last)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
    last = await probe()
  }
  return last
}

/**
 * Stops devices and waits until the server has stored everything they sent: each is offline,
 * no device message is queued or being handled, and buffered telemetry is written. A test may
 * then overwrite their figures without a late report landing on top.
 */
export async function silenceDevices(app: TestApp, stopping: VirtualDevice[]): Promise<void> {
  for (const device of stopping) await device.stop()
  const things = stopping.map((device) => device.thing)
  const stillOnline = async () =>
    (
      await app.database.db
        .select({ id: devices.id })
        .from(devices)
        .where(and(inArray(devices.thingName, things), eq(devices.status, 'online')))
    ).length
  await eventually(stillOnline, (count) => count === 0)
  const idle = async () => app.gateway.metrics().admission
  await eventually(idle, ({ inFlight, queued }) => inFlight === 0 && queued === 0)
  await app.gateway.ingest.flush()
}

/** A device's identity, as registration answers it, with its MAC. */
export interface RegisteredDevice extends RegistrationResponse {
  mac: string
}

/** Registers a factory-fresh device of `profile`, as its firmware would. */
export async function registerDevice(
  app: TestApp,
  profile: DeviceProfile,
  mac = randomMac(profile),
): Promise<RegisteredDevice> {
  const identity = await app.ok<RegistrationResponse>({
    method: 'POST',
    path: '/device/register',
    body: signedRegistration(profile, mac),
  })
  return { ...identity, mac }
}

/** Registers `count` devices of the simulated catalogue's first model, unbound: their ids. */
export async function registeredDeviceIds(app: TestApp, count: number): Promise<number[]> {
  await importSimulatedCatalogue(app)
  const ids: number[] = []
  for (let n = 0; n < count; n++) {
    const { thingName } = await registerDevice(app, PROFILES[0]!)
    const { rows } = await app.database.db.execute<{ id: number }>(
      sql`select id from devices where thing_name = ${thingName}`,
    )
    ids.push(rows[0]!.id)
  }
  return ids
}
