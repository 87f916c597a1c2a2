import { topics } from '@canopy/shared/protocol'
import { PROFILES } from '@canopy/simulator'
import { inArray, sql } from 'drizzle-orm'
import mqtt, { type MqttClient } from 'mqtt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually, importSimulatedCatalogue, registerDevice } from '../../test/devices'
import { startMosquitto } from '../../test/mosquitto'
import { createTestApp, type TestApp } from '../../test/test-app'
import { devices } from '../db/schema'

/**
 * A connect storm larger than the server's queue of device messages: shadow requests are refused
 * as overloaded, but a device's status, published once on connect and never again, and its
 * telemetry wait in their own lanes (the latest of each device), so every device ends online
 * (docs/protocol.md, "Limits").
 */
const DEVICES = 30
const TELEMETRY_EACH = 5
const profile = PROFILES[0]!
/** one message handled at a time and four waiting: the storm cannot fit */
const TIGHT_QUEUE = { DEVICE_MESSAGES_IN_FLIGHT: '1', DEVICE_MESSAGES_QUEUED: '4' }

describe.each([
  { name: 'embedded broker', external: false },
  { name: 'Mosquitto with dynamic security', external: true },
])('a connect storm on the $name', ({ external }) => {
  let app: TestApp
  let stopMosquitto: (() => Promise<void>) | undefined
  const clients: MqttClient[] = []

  beforeAll(async () => {
    const mosquitto = external ? await startMosquitto() : undefined
    stopMosquitto = mosquitto?.stop
    app = await createTestApp({
      env: {
        ...TIGHT_QUEUE,
        ...(mosquitto
          ? { MQTT_URL: mosquitto.url, MQTT_USERNAME: mosquitto.username, MQTT_PASSWORD: mosquitto.password }
          : { MQTT_PORT: '0', MQTT_HOST: '127.0.0.1', MQTT_URL: '' }),
      },
    })
    await importSimulatedCatalogue(app)
  })
  afterAll(async () => {
    for (const client of clients) client.end(true)
    // The broker goes even when the app never started (its start failed).
    try {
      await app?.close()
    } finally {
      await stopMosquitto?.()
    }
  })

  it('files every device’s status though the queue overflows', async () => {
    const identities = await Promise.all(Array.from({ length: DEVICES }, () => registerDevice(app, profile)))
    const connected = await Promise.all(
      identities.map((identity) =>
        mqtt.connectAsync(app.gateway.brokerUrl, {
          protocolVersion: 4,
          clientId: identity.thingName,
          username: identity.thingName,
          password: identity.deviceSecret,
          reconnectPeriod: 0,
        }),
      ),
    )
    clients.push(...connected)
    const before = structuredClone(app.gateway.metrics().refusals)

    // All at once, as a fleet coming back does: telemetry, a shadow request, then the status.
    await Promise.all(
      connected.flatMap((client, index) => {
        const thing = identities[index]!.thingName
        return [
          ...Array.from({ length: TELEMETRY_EACH }, () =>
            client.publishAsync(topics.telemetry(thing), '{"uptime":1,"cpu":1,"mem":1,"clients":0}', {
              qos: 1,
            }),
          ),
          client.publishAsync(topics.shadow.get(thing), '{}', { qos: 1 }),
          client.publishAsync(topics.status(thing), '{"state":"online","telemetryInterval":30}', {
            qos: 1,
            retain: true,
          }),
        ]
      }),
    )

    const things = identities.map((identity) => identity.thingName)
    await eventually(
      async () =>
        app.database.db
          .select({ status: devices.status })
          .from(devices)
          .where(inArray(devices.thingName, things)),
      (rows) => rows.length === DEVICES && rows.every((row) => row.status === 'online'),
    )
    const { refusals: refused, admission } = app.gateway.metrics()
    // The queue did overflow, and what it refused is counted; the lanes refused nothing and kept
    // each device's latest telemetry.
    expect(refused.shadow.overloaded - before.shadow.overloaded).toBeGreaterThan(0)
    expect(refused.status.overloaded - before.status.overloaded).toBe(0)
    expect(refused.telemetry.overloaded - before.telemetry.overloaded).toBe(0)
    expect(admission.peakStatusesWaiting).toBeGreaterThan(0)
    expect(admission.telemetrySuperseded).toBeGreaterThan(0)

    // Long silent as far as the database knows; then each says something, taken or refused as
    // overloaded: the watchdog must not take a device it hears offline for the server's backlog.
    await app.database.db.execute(
      sql`update devices set last_seen_at = now() - interval '1 hour' where thing_name = any(${sql.param(things)}::text[])`,
    )
    await app.database.db.execute(
      sql`update device_metrics_latest m set at = now() - interval '1 hour' from devices d
        where d.id = m.device_id and d.thing_name = any(${sql.param(things)}::text[])`,
    )
    // Shadow requests, at once: the queue takes four, the rest are refused as overloaded.
    const seen = () => {
      const { admission, refusals } = app.gateway.metrics()
      return admission.admitted + refusals.shadow.overloaded
    }
    const seenBefore = seen()
    const refusedBefore = app.gateway.metrics().refusals.shadow.overloaded
    await Promise.all(
      connected.map((client, index) =>
        client.publishAsync(topics.shadow.get(things[index]!), '{}', { qos: 1 }),
      ),
    )
    await eventually(
      async () => seen() - seenBefore,
      (count) => count >= DEVICES,
    )
    expect(app.gateway.metrics().refusals.shadow.overloaded).toBeGreaterThan(refusedBefore)
    await app.gateway.ingest.flush()
    await app.gateway.presence.expireSilent()
    const statuses = await app.database.db
      .select({ status: devices.status })
      .from(devices)
      .where(inArray(devices.thingName, things))
    expect(statuses.every((row) => row.status === 'online')).toBe(true)
  })
})
