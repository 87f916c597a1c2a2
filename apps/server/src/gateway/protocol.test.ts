import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { promisify } from 'node:util'
import { thingNameOf, topics } from '@canopy/shared/protocol'
import { hashManagementCredential } from '@canopy/shared/protocol/credential'
import { PROFILES, simulatedPassword } from '@canopy/simulator'
import { mqtt as crtMqtt, iotshadow } from 'aws-iot-device-sdk-v2'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appOnBroker, BROKERS } from '../../test/brokers'
import { bindDevice, eventually, type RegisteredDevice, registerDevice } from '../../test/devices'
import { rootProjectOf, signedInAccount } from '../../test/factories'
import { sdkConnection } from '../../test/sdk-device'
import type { TestApp } from '../../test/test-app'
import { devices } from '../db/schema'

/**
 * The device protocol (docs/protocol.md) spoken by clients nobody here wrote — mosquitto_pub,
 * mosquitto_sub and the AWS IoT Device SDK v2 — against both brokers: the embedded one and a
 * Mosquitto with dynamic security.
 */
const run = promisify(execFile)
const profile = PROFILES[0]!

type Identity = RegisteredDevice

describe.each(BROKERS)('the device protocol on the $name', ({ external }) => {
  let app: TestApp
  let close: () => Promise<void>
  let port: number
  const children: ChildProcess[] = []

  beforeAll(async () => {
    ;({ app, close } = await appOnBroker(external))
    port = Number(new URL(app.gateway.brokerUrl).port)
  })
  afterAll(async () => {
    for (const child of children) child.kill()
    await close()
  })

  const register = () => registerDevice(app, profile)

  const auth = (identity: Identity) => [
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-V',
    'mqttv311',
    '-u',
    identity.thingName,
    '-P',
    identity.deviceSecret,
  ]

  function publish(identity: Identity, topic: string, message: unknown, extra: string[] = []) {
    return run('mosquitto_pub', [
      ...auth(identity),
      '-i',
      identity.thingName,
      '-q',
      '1',
      '-t',
      topic,
      '-m',
      JSON.stringify(message),
      ...extra,
    ])
  }

  /** A mosquitto_sub left running; resolves each line it prints. */
  function subscribe(identity: Identity, topic: string) {
    const child = spawn('mosquitto_sub', [
      ...auth(identity),
      '-i',
      `${identity.thingName}`,
      '-q',
      '1',
      '-t',
      topic,
    ])
    children.push(child)
    const lines: string[] = []
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)))
    return { lines, child }
  }

  const deviceRow = async (thing: string) =>
    (await app.database.db.select().from(devices).where(eq(devices.thingName, thing)))[0]!
  /** A device that said it was online, ten minutes ago by its last status. */
  const onlineTenMinutesAgo = async () => {
    const identity = await register()
    await online(identity)
    await app.database.db
      .update(devices)
      .set({ lastSeenAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(devices.thingName, identity.thingName))
    return identity
  }
  /** The clients figure filed for a device, once what has arrived is written. */
  const filedClients = async (thing: string) => {
    await app.gateway.ingest.flush()
    const result = await app.database.db.execute<{ clients: number | null }>(
      sql`select clients from device_metrics_latest m join devices d on d.id = m.device_id where d.thing_name = ${thing}`,
    )
    return result.rows[0]?.clients
  }

  it('registers a factory-fresh device with its product key, and refuses a wrong signature', async () => {
    const identity = await register()
    expect(identity.thingName).toBe(thingNameOf(identity.mac))
    expect(identity.deviceSecret.length).toBeGreaterThanOrEqual(40)
    const forged = await app.call({
      method: 'POST',
      path: '/device/register',
      body: {
        productKey: profile.productKey,
        mac: identity.mac,
        random: 'r4nd0m-value',
        sign: 'a'.repeat(64),
      },
    })
    expect(forged.envelope.status).not.toBe(10000)
  })

  it('takes presence from the retained status and the last will', async () => {
    const identity = await register()
    await publish(
      identity,
      topics.status(identity.thingName),
      { state: 'online', firmware: '9.9.9', telemetryInterval: 30 },
      ['-r'],
    )
    const online = await eventually(
      () => deviceRow(identity.thingName),
      (row) => row.status === 'online',
    )
    expect(online.firmware).toBe('9.9.9')

    // A subscriber that dies without a word: the broker publishes its will.
    const will = connectedWithWill(identity)
    await new Promise((resolve) => setTimeout(resolve, 500))
    will.kill('SIGKILL')
    await eventually(
      () => deviceRow(identity.thingName),
      (row) => row.status === 'offline',
    )
  })

  it('marks a silent device offline once it missed its telemetry (a half-open connection)', async () => {
    const identity = await onlineTenMinutesAgo()
    await app.gateway.presence.expireSilent()
    expect((await deviceRow(identity.thingName)).status).toBe('offline')
  })

  it('keeps a device online while its telemetry arrives, however old its status', async () => {
    const identity = await onlineTenMinutesAgo()
    await publish(identity, topics.telemetry(identity.thingName), { uptime: 60, cpu: 3, mem: 20, clients: 1 })
    await eventually(
      () => filedClients(identity.thingName),
      (clients) => clients === 1,
    )
    await app.gateway.presence.expireSilent()
    expect((await deviceRow(identity.thingName)).status).toBe('online')
  })

  it('files telemetry as the latest state of the device', async () => {
    const identity = await register()
    await publish(identity, topics.telemetry(identity.thingName), {
      uptime: 42,
      cpu: 12.5,
      mem: 40,
      clients: 7,
    })
    await eventually(
      () => filedClients(identity.thingName),
      (clients) => clients === 7,
    )
    expect((await deviceRow(identity.thingName)).status).toBe('online')
  })

  it('runs the shadow: a desired change reaches the device as a delta; its report puts it in sync', async () => {
    const identity = await register()
    const delta = subscribe(identity, topics.shadow.updateDelta(identity.thingName))
    await new Promise((resolve) => setTimeout(resolve, 400))
    await app.gateway.shadows.updateDesired(identity.thingName, { system: { led: false } })
    await eventually(
      async () => delta.lines,
      (lines) => lines.length > 0,
    )
    expect(JSON.parse(delta.lines[0]!).state).toEqual({ system: { led: false } })

    await publish(identity, topics.shadow.update(identity.thingName), {
      state: { reported: { system: { led: false } } },
    })
    const row = await deviceRow(identity.thingName)
    const document = await eventually(
      () => app.gateway.shadows.read(row.id),
      (shadow) => shadow?.state.reported.system !== undefined,
    )
    expect(document!.state.delta).toBeUndefined()
    expect(document!.version).toBe(2)
  })

  it('refuses a device publishing or subscribing under another device name', async () => {
    const alice = await register()
    const bob = await register()
    await publish(bob, topics.status(bob.thingName), { state: 'offline' }, ['-r'])
    await eventually(
      () => deviceRow(bob.thingName),
      (row) => row.status === 'offline',
    )
    // Alice pretends to be Bob: the broker drops it (Mosquitto) or closes her connection (Aedes).
    await publish(alice, topics.status(bob.thingName), { state: 'online' }, ['-r']).catch(() => {})
    await new Promise((resolve) => setTimeout(resolve, 800))
    expect((await deviceRow(bob.thingName)).status).toBe('offline')

    const spy = spawn('mosquitto_sub', [
      ...auth(alice),
      '-i',
      alice.thingName,
      '-t',
      topics.rpcRequest(bob.thingName),
      '-W',
      '3',
    ])
    children.push(spy)
    let spied = ''
    spy.stdout.on('data', (chunk) => {
      spied += chunk
    })
    await new Promise((resolve) => setTimeout(resolve, 600))
    await app.gateway.connection.publish(topics.rpcRequest(bob.thingName), {
      clientToken: 'x',
      method: 'ping',
      replyTo: topics.rpcResponse(bob.thingName),
    })
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(spied).toBe('')
  })

  /** A device's connection that stays open, with a last will (on its own status unless told). */
  function connectedWithWill(identity: Identity, willTopic = topics.status(identity.thingName)) {
    const child = spawn('mosquitto_sub', [
      ...auth(identity),
      '-i',
      identity.thingName,
      '-t',
      topics.rpcRequest(identity.thingName),
      '--will-topic',
      willTopic,
      '--will-payload',
      JSON.stringify({ state: 'offline', reason: 'lwt' }),
      '--will-retain',
      '--will-qos',
      '1',
    ])
    children.push(child)
    return child
  }

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

  async function online(identity: Identity) {
    await publish(identity, topics.status(identity.thingName), { state: 'online', telemetryInterval: 30 }, [
      '-r',
    ])
    await eventually(
      () => deviceRow(identity.thingName),
      (row) => row.status === 'online',
    )
  }

  it("refuses a device connecting with another device's client id under its own name", async () => {
    const alice = await register()
    const bob = await register()
    await online(bob)
    connectedWithWill(bob)
    await pause(500)
    // Alice's own name and secret, Bob's client id: refused before it could take Bob's session.
    const refusal = await run('mosquitto_pub', [
      ...auth(alice),
      '-i',
      bob.thingName,
      '-q',
      '1',
      '-t',
      topics.status(alice.thingName),
      '-m',
      JSON.stringify({ state: 'online' }),
    ]).then(
      () => 'accepted',
      (error: { stderr?: string }) => error.stderr ?? '',
    )
    expect(refusal).toMatch(/Connection Refused/i)
    await pause(500)
    // Had Mosquitto or Aedes let her in, Bob's session would have been taken over (his will sent).
    expect((await deviceRow(bob.thingName)).status).toBe('online')
  })

  it("does not deliver a last will a device set on another device's status", async () => {
    const alice = await register()
    const bob = await register()
    const carol = await register()
    await online(bob)
    await online(carol)
    const sly = connectedWithWill(alice, topics.status(bob.thingName))
    const honest = connectedWithWill(carol)
    await pause(500)
    sly.kill('SIGKILL')
    honest.kill('SIGKILL')
    // Carol's own will arrives: by then Alice's would have too, had the broker taken it.
    await eventually(
      () => deviceRow(carol.thingName),
      (row) => row.status === 'offline',
    )
    await pause(300)
    expect((await deviceRow(bob.thingName)).status).toBe('online')
  })

  it('refuses a wrong secret', async () => {
    const identity = await register()
    await expect(
      publish({ ...identity, deviceSecret: 'wrong' }, topics.status(identity.thingName), { state: 'online' }),
    ).rejects.toThrow()
  })

  /** The AWS IoT Device SDK v2 as the device, on its MQTT 3.1.1 connection. */
  async function sdkDevice(identity: Identity) {
    const connection = await sdkConnection(identity, port)
    return { connection, shadow: new iotshadow.IotShadowClient(connection) }
  }

  function next<T>(subscribe: (handler: (error: unknown, response?: T) => void) => Promise<unknown>) {
    return new Promise<T | undefined>((resolve) => {
      void subscribe((_error, response) => resolve(response))
    })
  }

  it('answers an AWS IoT Device SDK v2 device: shadow delta in, reported out', async () => {
    const identity = await register()
    const { connection, shadow } = await sdkDevice(identity)
    try {
      const thingName = identity.thingName
      const delta = next<iotshadow.model.ShadowDeltaUpdatedEvent>((handler) =>
        shadow.subscribeToShadowDeltaUpdatedEvents({ thingName }, crtMqtt.QoS.AtLeastOnce, handler),
      )
      await new Promise((resolve) => setTimeout(resolve, 400))
      await app.gateway.shadows.updateDesired(thingName, { wifi: { '2g': { channel: 11 } } })
      const state = (await delta)?.state as Record<string, unknown>
      expect(state).toEqual({ wifi: { '2g': { channel: 11 } } })

      // Listening from here on: the cloud's own desired update was accepted as version 1.
      const accepted = next<iotshadow.model.UpdateShadowResponse>((handler) =>
        shadow.subscribeToUpdateShadowAccepted({ thingName }, crtMqtt.QoS.AtLeastOnce, handler),
      )
      await new Promise((resolve) => setTimeout(resolve, 300))

      await shadow.publishUpdateShadow({ thingName, state: { reported: state } }, crtMqtt.QoS.AtLeastOnce)
      expect((await accepted)?.version).toBe(2)
      const row = await deviceRow(thingName)
      const document = await app.gateway.shadows.read(row.id)
      expect(document?.state.delta).toBeUndefined()
      expect(document?.state.reported).toEqual({ wifi: { '2g': { channel: 11 } } })
    } finally {
      await connection.disconnect()
    }
  })

  it('applies a console setting changed while the SDK device was offline, once it reconnects', async () => {
    const identity = await register()
    const thingName = identity.thingName
    const online = {
      state: 'online',
      ts: Math.floor(Date.now() / 1000),
      model: profile.model,
      firmware: '1.0.0',
      telemetryInterval: 30,
      credential: hashManagementCredential('admin', simulatedPassword(identity.mac)),
    }
    const announce = async (connection: crtMqtt.MqttClientConnection, status: object) => {
      await connection.publish(
        topics.status(thingName),
        JSON.stringify(status),
        crtMqtt.QoS.AtLeastOnce,
        true,
      )
    }
    const owner = await signedInAccount(app)
    const first = await sdkDevice(identity)
    await announce(first.connection, online)
    await eventually(
      () => deviceRow(thingName),
      (row) => row.status === 'online',
    )
    const id = await bindDevice(app, owner.token, identity.mac, await rootProjectOf(app, owner.token))
    await announce(first.connection, { state: 'offline', reason: 'shutdown' })
    await first.connection.disconnect()
    await eventually(
      () => deviceRow(thingName),
      (row) => row.status === 'offline',
    )

    const settingsCall = (path: string, body: object) =>
      app.call<{ sections: Array<{ section: string; status: string }> }>({
        method: 'POST',
        path: `/backend/device/${path}`,
        token: owner.token,
        body,
      })
    expect((await settingsCall('setsystem', { id, settings: { led: false } })).envelope.status).toBe(10000)
    const systemStatus = async () =>
      (await settingsCall('settings', { id })).envelope.data.sections.find((row) => row.section === 'system')
        ?.status
    expect(await systemStatus()).toBe('pending')

    // Back online, the device asks for its shadow, applies the delta and reports it.
    const again = await sdkDevice(identity)
    try {
      const accepted = next<iotshadow.model.GetShadowResponse>((handler) =>
        again.shadow.subscribeToGetShadowAccepted({ thingName }, crtMqtt.QoS.AtLeastOnce, handler),
      )
      await new Promise((resolve) => setTimeout(resolve, 300))
      await announce(again.connection, online)
      await again.shadow.publishGetShadow({ thingName }, crtMqtt.QoS.AtLeastOnce)
      const delta = (await accepted)?.state?.delta as Record<string, unknown>
      expect(delta).toEqual({ system: { led: false } })
      await again.shadow.publishUpdateShadow(
        { thingName, state: { reported: delta } },
        crtMqtt.QoS.AtLeastOnce,
      )
      await eventually(systemStatus, (status) => status === 'in_sync')
    } finally {
      await again.connection.disconnect()
    }
  })

  it('rejects an SDK update naming an old version with 409, and a get of no shadow with 404', async () => {
    const identity = await register()
    const { connection, shadow } = await sdkDevice(identity)
    try {
      const thingName = identity.thingName
      const getRejected = next<iotshadow.IotShadowError>((handler) =>
        shadow.subscribeToGetShadowRejected({ thingName }, crtMqtt.QoS.AtLeastOnce, (error, response) =>
          handler(error, response as never),
        ),
      )
      const updateRejected = next<iotshadow.model.ErrorResponse>((handler) =>
        shadow.subscribeToUpdateShadowRejected({ thingName }, crtMqtt.QoS.AtLeastOnce, handler),
      )
      await new Promise((resolve) => setTimeout(resolve, 400))
      await shadow.publishGetShadow({ thingName, clientToken: 'g1' }, crtMqtt.QoS.AtLeastOnce)
      expect(await getRejected).toMatchObject({ code: 404, clientToken: 'g1' })
      await shadow.publishUpdateShadow(
        { thingName, state: { reported: { a: 1 } }, version: 7, clientToken: 'c1' },
        crtMqtt.QoS.AtLeastOnce,
      )
      expect(await updateRejected).toMatchObject({
        code: 409,
        message: 'Version conflict',
        clientToken: 'c1',
      })
    } finally {
      await connection.disconnect()
    }
  })
})
