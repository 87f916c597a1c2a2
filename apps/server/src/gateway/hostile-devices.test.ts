import { topics } from '@canopy/shared/protocol'
import { PROFILES } from '@canopy/simulator'
import { eq, sql } from 'drizzle-orm'
import mqtt, { type MqttClient } from 'mqtt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appOnBroker, BROKERS } from '../../test/brokers'
import { eventually, type RegisteredDevice, registerDevice } from '../../test/devices'
import { signedInAccount } from '../../test/factories'
import type { TestApp } from '../../test/test-app'
import { devices } from '../db/schema'

/**
 * Devices are untrusted (issue 11): poison, oversized and flooding devices on both brokers. What
 * one device sends must never keep another device's telemetry, presence or shadow from working,
 * nor stall the console; each refusal is answered where the protocol can, and counted.
 */
const profile = PROFILES[0]!
const telemetry = { uptime: 10, cpu: 5, mem: 20, clients: 0 }

describe.each(BROKERS)('hostile devices on the $name', ({ external }) => {
  let app: TestApp
  let close: () => Promise<void>
  const clients: MqttClient[] = []

  beforeAll(async () => {
    ;({ app, close } = await appOnBroker(external))
  })
  afterAll(async () => {
    for (const client of clients) client.end(true)
    await close()
  })

  /** A registered device, connected with its last will and announced online. */
  async function onlineDevice(): Promise<{ identity: RegisteredDevice; client: MqttClient }> {
    const identity = await registerDevice(app, profile)
    const thing = identity.thingName
    const client = await mqtt.connectAsync(app.gateway.brokerUrl, {
      protocolVersion: 4,
      clientId: thing,
      username: thing,
      password: identity.deviceSecret,
      reconnectPeriod: 0,
      will: {
        topic: topics.status(thing),
        payload: Buffer.from('{"state":"offline"}'),
        qos: 1,
        retain: true,
      },
    })
    clients.push(client)
    await client.publishAsync(
      topics.status(thing),
      JSON.stringify({ state: 'online', telemetryInterval: 30 }),
      {
        qos: 1,
        retain: true,
      },
    )
    await eventually(
      () => statusOf(thing),
      (status) => status === 'online',
    )
    return { identity, client }
  }

  const statusOf = async (thing: string) =>
    (await app.database.db.select().from(devices).where(eq(devices.thingName, thing)))[0]?.status
  const filedClients = async (thing: string) => {
    await app.gateway.ingest.flush()
    const result = await app.database.db.execute<{ clients: number | null }>(
      sql`select clients from device_metrics_latest m join devices d on d.id = m.device_id where d.thing_name = ${thing}`,
    )
    return result.rows[0]?.clients
  }
  const counts = () => app.gateway.metrics().refusals

  /** Collects what a device hears on a topic. */
  async function hear(client: MqttClient, topic: string) {
    const heard: Array<Record<string, unknown>> = []
    client.on('message', (at, payload) => {
      if (at === topic) heard.push(JSON.parse(payload.toString()))
    })
    await client.subscribeAsync(topic, { qos: 1 })
    return heard
  }

  it('refuses poison telemetry of one device; the others’ is stored and they stay online', async () => {
    const good = await onlineDevice()
    const bad = await onlineDevice()
    const before = { ...counts().telemetry }
    const poison = [
      '{"uptime":1,"cpu":1,"mem":1,"clients":1,"note":"a\\u0000b"}',
      '{"uptime":1,"cpu":1,"mem":1,"clients":1,"\\ud800":1}',
      '{"uptime":1,"cpu":1,"mem":1,"clients":1,"wan":{"ip":"\\udc00"}}',
      `{"uptime":1,"cpu":1,"mem":1,"clients":1,"deep":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    ]
    for (const payload of poison)
      await bad.client.publishAsync(topics.telemetry(bad.identity.thingName), payload, { qos: 1 })
    await bad.client.publishAsync(topics.telemetry(bad.identity.thingName), Buffer.from([0x7b, 0xff, 0x7d]), {
      qos: 1,
    })
    await good.client.publishAsync(
      topics.telemetry(good.identity.thingName),
      JSON.stringify({ ...telemetry, clients: 7, huge: Array.from({ length: 10_000 }, (_, i) => i) }),
      { qos: 1 },
    )
    await eventually(
      async () => counts().telemetry,
      (now) => now.unstorable - before.unstorable >= 4 && now.malformed - before.malformed >= 1,
    )
    await eventually(
      () => filedClients(good.identity.thingName),
      (clients) => clients === 7,
    )
    expect(app.gateway.ingest.counters.failedFlushes).toBe(0)
    await app.gateway.presence.expireSilent()
    expect(await statusOf(good.identity.thingName)).toBe('online')
    expect(await statusOf(bad.identity.thingName)).toBe('online')
  })

  it('takes a status without its broken fields, so one bad region does not cost the credential', async () => {
    const { identity, client } = await onlineDevice()
    const thing = identity.thingName
    const before = counts().status['invalid-field']
    const credential = 'scrypt$1024$1$1$c2FsdA==$aGFzaA=='
    await client.publishAsync(
      topics.status(thing),
      JSON.stringify({ state: 'online', region: 'china', telemetryInterval: 0, credential }),
      { qos: 1, retain: true },
    )
    const row = async () =>
      (await app.database.db.select().from(devices).where(eq(devices.thingName, thing)))[0]!
    await eventually(row, (device) => device.managementCredential === credential)
    expect(await row()).toMatchObject({ region: null, telemetryInterval: 30, status: 'online' })
    expect(counts().status['invalid-field']).toBe(before + 1)
  })

  it('writes the other rows of a flush when the database refuses one, and counts that one', async () => {
    const [kept, gone] = [await registerDevice(app, profile), await registerDevice(app, profile)]
    await app.gateway.ingest.flush()
    const refusedBefore = app.gateway.ingest.counters.refusedRows
    await app.gateway.ingest.handle(kept.thingName, Buffer.from(JSON.stringify({ ...telemetry, clients: 3 })))
    await app.gateway.ingest.handle(gone.thingName, Buffer.from(JSON.stringify({ ...telemetry, clients: 4 })))
    // Deleted between its report and the flush: its row now breaks a foreign key.
    await app.database.db.delete(devices).where(eq(devices.thingName, gone.thingName))
    expect(await filedClients(kept.thingName)).toBe(3)
    expect(app.gateway.ingest.counters.refusedRows).toBe(refusedBefore + 1)
    expect(counts().telemetry.storage).toBeGreaterThanOrEqual(1)
  })

  it('rejects poison and malformed shadow requests with AWS’s message and the clientToken', async () => {
    const { identity, client } = await onlineDevice()
    const thing = identity.thingName
    const rejected = await hear(client, topics.shadow.updateRejected(thing))
    const requests: Array<[string, string, number, string]> = [
      [
        '{"state":{"reported":{"ssid":"a\\u0000"}},"clientToken":"t-nul"}',
        't-nul',
        400,
        'State contains an invalid node',
      ],
      [
        '{"state":{"reported":{"\\ud800":1}},"clientToken":"t-sur"}',
        't-sur',
        400,
        'State contains an invalid node',
      ],
      [
        '{"state":{"reported":{"a":{"b":{"c":{"d":{"e":{"f":{"g":1}}}}}}}},"clientToken":"t-deep"}',
        't-deep',
        400,
        'JSON contains too many levels of nesting; maximum is 6',
      ],
      ['{"state":5,"clientToken":"t-state"}', 't-state', 400, 'State node must be an object'],
      ['{"clientToken":"t-none"}', 't-none', 400, 'Missing required node: state'],
      ['{"state":{"reported":[1]},"clientToken":"t-rep"}', 't-rep', 400, 'Reported node must be an object'],
      ['{"state":{"reported":{}},"version":"x","clientToken":"t-ver"}', 't-ver', 400, 'Invalid version'],
      ['{"state":', '', 400, 'Invalid JSON'],
    ]
    for (const [payload] of requests)
      await client.publishAsync(topics.shadow.update(thing), payload, { qos: 1 })
    await eventually(
      async () => rejected.length,
      (count) => count >= requests.length,
    )
    for (const [, token, code, message] of requests) {
      const answer = rejected.find((r) => (token ? r.clientToken === token : r.clientToken === undefined))
      expect(answer, message).toMatchObject({ code, message })
    }
    expect(await app.gateway.shadows.read((await deviceId(thing))!)).toBeUndefined()
    // The same device's good request still works.
    const accepted = await hear(client, topics.shadow.updateAccepted(thing))
    await client.publishAsync(
      topics.shadow.update(thing),
      JSON.stringify({ state: { reported: { led: true } }, clientToken: 't-ok' }),
      { qos: 1 },
    )
    await eventually(
      async () => accepted.length,
      (count) => count === 1,
    )
  })

  const deviceId = async (thing: string) =>
    (await app.database.db.select().from(devices).where(eq(devices.thingName, thing)))[0]?.id

  it('ends the connection of a device sending an oversized packet; the others carry on', async () => {
    const good = await onlineDevice()
    const big = await onlineDevice()
    const closed = new Promise<void>((resolve) => big.client.once('close', () => resolve()))
    big.client
      .publishAsync(topics.telemetry(big.identity.thingName), Buffer.alloc(200 * 1024, 'x'), { qos: 1 })
      .catch(() => undefined)
    await closed
    await eventually(
      () => statusOf(big.identity.thingName),
      (status) => status === 'offline',
    )
    if (!external) expect(app.gateway.metrics().oversizedPackets).toBeGreaterThanOrEqual(1)
    await good.client.publishAsync(
      topics.telemetry(good.identity.thingName),
      JSON.stringify({ ...telemetry, clients: 11 }),
      { qos: 1 },
    )
    await eventually(
      () => filedClients(good.identity.thingName),
      (clients) => clients === 11,
    )
    expect(await statusOf(good.identity.thingName)).toBe('online')
  })

  it('throttles a flooding device with 429s, then disconnects it; the console and the others carry on', async () => {
    const { token } = await signedInAccount(app)
    const good = await onlineDevice()
    const flood = await onlineDevice()
    const thing = flood.identity.thingName
    const tooMany = await hear(flood.client, topics.shadow.updateRejected(thing))
    const goodAccepted = await hear(good.client, topics.shadow.updateAccepted(good.identity.thingName))
    const disconnectedBefore = app.gateway.metrics().admission.disconnected
    const flooderClosed = new Promise<void>((resolve) => flood.client.once('close', () => resolve()))

    // Shadow updates and telemetry interleaved, as fast as the client can write them.
    const FLOOD = 600
    for (let index = 0; index < FLOOD; index++) {
      flood.client
        .publishAsync(
          topics.shadow.update(thing),
          JSON.stringify({ state: { reported: { n: index } }, clientToken: `f-${index}` }),
          { qos: 1 },
        )
        .catch(() => undefined)
      flood.client
        .publishAsync(topics.telemetry(thing), JSON.stringify({ ...telemetry, clients: index }), { qos: 0 })
        .catch(() => undefined)
    }

    // The console, meanwhile: every device-list call answered promptly.
    const took: number[] = []
    for (let call = 0; call < 25; call++) {
      const started = performance.now()
      const list = await app.call({
        method: 'POST',
        path: '/backend/device/list',
        token,
        body: { pageIndex: 1, pageOffset: 20 },
      })
      took.push(performance.now() - started)
      expect(list.envelope.status).toBe(10000)
    }
    await good.client.publishAsync(
      topics.shadow.update(good.identity.thingName),
      JSON.stringify({ state: { reported: { led: false } }, clientToken: 'good' }),
      { qos: 1 },
    )
    await good.client.publishAsync(
      topics.telemetry(good.identity.thingName),
      JSON.stringify({ ...telemetry, clients: 21 }),
      { qos: 1 },
    )
    await flooderClosed
    await eventually(
      async () => goodAccepted.length,
      (count) => count === 1,
    )
    await eventually(
      () => filedClients(good.identity.thingName),
      (clients) => clients === 21,
    )
    expect(await statusOf(good.identity.thingName)).toBe('online')

    const p99 = [...took].sort((a, b) => a - b)[Math.ceil(took.length * 0.99) - 1]!
    expect(p99).toBeLessThan(1000)
    expect(app.gateway.metrics().admission.disconnected).toBeGreaterThan(disconnectedBefore)
    const refused = counts()
    expect(refused.shadow.throttled + refused.shadow.backlog).toBeGreaterThan(0)
    expect(refused.telemetry.throttled + refused.telemetry.backlog).toBeGreaterThan(0)
    // Throttled requests were answered, with their own tokens, as AWS answers them.
    expect(tooMany.length).toBeGreaterThan(0)
    expect(tooMany[0]).toMatchObject({ code: 429, message: 'Too many requests' })
    expect(String(tooMany[0]!.clientToken)).toMatch(/^f-\d+$/)
    // Far from all of the flood was handled.
    expect(app.gateway.metrics().admission.peakQueued).toBeLessThanOrEqual(20_000)
  })
})
