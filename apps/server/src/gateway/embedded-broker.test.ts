import { cloudSubscriptions, thingOfTopic, topics } from '@canopy/shared/protocol'
import mqtt, { type MqttClient } from 'mqtt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually } from '../../test/devices'
import { CloudConnection } from './cloud-connection'
import { type EmbeddedBroker, startEmbeddedBroker } from './embedded-broker'

/**
 * A whole fleet leaving at once (the simulator ending with 10,000 devices on one server):
 * thousands of offline statuses and last wills reach the broker together, and each closed
 * connection adds Aedes' own notifications behind them. The broker must stay up and the cloud
 * must hear every device go offline.
 */
const FLEET = 6000
/** every this many devices loses power (its last will) rather than saying goodbye */
const DROP_EVERY = 6
const SECRET = 'fleet-secret'
const service = { username: 'canopy-cloud', password: 'cloud-secret' }

const thingOf = (index: number) => `cnp-${index.toString(16).padStart(12, '0')}`

describe('the embedded broker when a whole fleet leaves at once', () => {
  let broker: EmbeddedBroker
  let cloud: CloudConnection
  let url: string
  /** the last state the cloud heard from each device */
  const heard = new Map<string, string>()

  /** what killed the broker's thread (it would have been started again) */
  const crashes: Error[] = []

  beforeAll(async () => {
    broker = await startEmbeddedBroker({
      host: '127.0.0.1',
      port: 0,
      service,
      credentials: { verify: async (_thing, secret) => secret === SECRET },
      maxPacketBytes: 131_072,
      onCrash: (error) => crashes.push(error),
    })
    url = `mqtt://127.0.0.1:${broker.port}`
    cloud = await CloudConnection.connect({ url, ...service })
    await cloud.on(cloudSubscriptions.status, (topic, payload) => {
      const thing = thingOfTopic(topic)
      if (thing) heard.set(thing, JSON.parse(payload.toString()).state)
    })
  })
  afterAll(async () => {
    await cloud?.close()
    await broker?.close()
  })

  /** Connects as a virtual device does: with its last will, then subscribes to its topics. */
  async function connectDevice(thing: string): Promise<MqttClient> {
    const client = await mqtt.connectAsync(url, {
      protocolVersion: 4,
      clientId: thing,
      username: thing,
      password: SECRET,
      clean: true,
      keepalive: 60,
      reconnectPeriod: 0,
      will: {
        topic: topics.status(thing),
        payload: Buffer.from(JSON.stringify({ state: 'offline', reason: 'connection lost' })),
        qos: 1,
        retain: true,
      },
    })
    await client.subscribeAsync(
      [topics.shadow.updateDelta(thing), topics.shadow.getAccepted(thing), topics.rpcRequest(thing)],
      { qos: 1 },
    )
    return client
  }

  const announce = (client: MqttClient, thing: string, state: string) =>
    client.publishAsync(topics.status(thing), JSON.stringify({ state }), { qos: 1, retain: true })

  it('stays up and hears every device go offline, by goodbye or by last will', async () => {
    const fleet: MqttClient[] = []
    for (let start = 0; start < FLEET; start += 250) {
      const batch = Array.from({ length: Math.min(250, FLEET - start) }, (_, i) => thingOf(start + i))
      fleet.push(...(await Promise.all(batch.map(connectDevice))))
    }

    // All at once, as when the simulator ends: most say offline and disconnect; some just vanish.
    await Promise.all(
      fleet.map(async (client, index) => {
        if (index % DROP_EVERY === 0) {
          client.stream.destroy()
          client.end(true)
          return
        }
        await announce(client, thingOf(index), 'offline')
        await client.endAsync()
      }),
    )

    const offline = async () => [...heard.values()].filter((state) => state === 'offline').length
    expect(await eventually(offline, (count) => count === FLEET, 15_000)).toBe(FLEET)
    expect(crashes.map((error) => error.message)).toEqual([])
    // Still serving: a device that comes back is heard.
    const again = await connectDevice(thingOf(0))
    await announce(again, thingOf(0), 'online')
    await eventually(
      async () => heard.get(thingOf(0)),
      (state) => state === 'online',
    )
    await again.endAsync()
  }, 60_000)
})
