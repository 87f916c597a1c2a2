import { topics } from '@canopy/shared/protocol'
import { hashManagementCredential } from '@canopy/shared/protocol/credential'
import { PROFILES } from '@canopy/simulator'
import { eq } from 'drizzle-orm'
import mqtt, { type MqttClient } from 'mqtt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appOnBroker, BROKERS } from '../../test/brokers'
import { eventually, operatorCall, type RegisteredDevice, registerDevice } from '../../test/devices'
import { rootProjectOf, signedInAccount } from '../../test/factories'
import type { TestApp } from '../../test/test-app'
import { devices } from '../db/schema'

/**
 * A device whose identity is taken away (deleted from the console, revoked by an operator) or
 * replaced (it registered again) loses the session it opened with the old secret at once, and
 * the old secret opens no new one: on the embedded broker and on Mosquitto with dynamic security.
 */
const profile = PROFILES[0]!
type Identity = RegisteredDevice

describe.each(BROKERS)('withdrawing a device identity on the $name', ({ external }) => {
  let app: TestApp
  let close: () => Promise<void>
  let url: string
  const clients: MqttClient[] = []

  beforeAll(async () => {
    ;({ app, close } = await appOnBroker(external))
    url = app.gateway.brokerUrl
  })
  afterAll(async () => {
    for (const client of clients) client.end(true)
    await close()
  })

  const register = (mac?: string) => registerDevice(app, profile, mac)

  /** Connects as the device, with its thing name and `secret`; rejects when the broker refuses. */
  async function connect(identity: Identity, secret = identity.deviceSecret): Promise<MqttClient> {
    const client = await mqtt.connectAsync(url, {
      protocolVersion: 4,
      clientId: identity.thingName,
      username: identity.thingName,
      password: secret,
      reconnectPeriod: 0,
      connectTimeout: 5000,
      will: {
        topic: topics.status(identity.thingName),
        payload: Buffer.from(JSON.stringify({ state: 'offline', reason: 'connection lost' })),
        qos: 1,
        retain: true,
      },
    })
    clients.push(client)
    return client
  }

  /** Waits for the broker to close the client's connection (it never reconnects by itself here). */
  const disconnected = (client: MqttClient) =>
    eventually(
      async () => client.connected,
      (connected) => !connected,
      5000,
    )

  /** CONNACK 4 (bad user name or password) on Aedes, 5 (not authorised) on Mosquitto. */
  async function expectRefused(identity: Identity, secret: string) {
    await expect(connect(identity, secret)).rejects.toMatchObject({ code: external ? 5 : 4 })
  }

  it('ends the session of a device an operator revokes, and refuses its secret afterwards', async () => {
    const identity = await register()
    const client = await connect(identity)
    const revoked = await operatorCall(app, 'POST', '/operator/devices/revoke', { mac: identity.mac })
    expect(revoked.envelope.status).toBe(10000)
    await disconnected(client)
    await expectRefused(identity, identity.deviceSecret)
  })

  it('ends the session of a device deleted from the console, and refuses its secret afterwards', async () => {
    const identity = await register()
    const owner = await signedInAccount(app)
    const root = await rootProjectOf(app, owner.token)
    const client = await connect(identity)
    const status = (state: string, extra: object = {}) =>
      client.publishAsync(topics.status(identity.thingName), JSON.stringify({ state, ...extra }), {
        qos: 1,
        retain: true,
      })
    const credential = hashManagementCredential('admin', 'manage-me', { N: 1024, r: 8, p: 1 })
    await status('online', { credential })
    const row = () =>
      app.database.db
        .select()
        .from(devices)
        .where(eq(devices.thingName, identity.thingName))
        .then((rows) => rows[0])
    await eventually(row, (device) => device?.managementCredential === credential)
    const bound = await app.call<{ id: number }>({
      method: 'POST',
      path: '/backend/device/bind',
      token: owner.token,
      body: {
        mac: identity.mac,
        username: 'admin',
        password: 'manage-me',
        gid: String(root),
      },
    })
    expect(bound.envelope.status).toBe(10000)
    // Online devices cannot be deleted (§4): it says it is going away, but its session is still open.
    await status('offline', { reason: 'shutdown' })
    await eventually(row, (device) => device?.status === 'offline')

    const deleted = await app.call({
      method: 'POST',
      path: '/backend/device/deletes',
      token: owner.token,
      body: { ids: [bound.envelope.data.id] },
    })
    expect(deleted.envelope.status).toBe(10000)
    await disconnected(client)
    await expectRefused(identity, identity.deviceSecret)
  })

  it('ends the session opened with the old secret when the device registers again', async () => {
    const first = await register()
    const client = await connect(first)
    const second = await register(first.mac)
    expect(second.thingName).toBe(first.thingName)
    expect(second.deviceSecret).not.toBe(first.deviceSecret)
    await disconnected(client)
    await expectRefused(first, first.deviceSecret)
    const renewed = await connect(second)
    expect(renewed.connected).toBe(true)
  })
})
