import { cloudSubscriptions, thingOfTopic } from '@canopy/shared/protocol'
import type { FastifyBaseLogger } from 'fastify'
import type { MqttConfig } from '../config'
import type { ChangeFeed } from '../db/change-feed'
import type { Database } from '../db/client'
import { sharedSecret } from '../db/secrets'
import type { DeviceDirectory } from '../modules/devices/device-directory'
import { CloudConnection } from './cloud-connection'
import { DeviceCredentials } from './device-credentials'
import { DynamicSecurity } from './dynamic-security'
import { startEmbeddedBroker } from './embedded-broker'
import { LeaderLock } from './leader'
import { Presence } from './presence'
import { RpcClient } from './rpc'
import { ShadowService } from './shadow/shadow.service'
import { TelemetryIngest } from './telemetry-ingest'

/** Who may connect to the broker as a device (the embedded broker asks the database itself). */
export interface BrokerAccounts {
  grantDevice(thing: string, secret: string): Promise<void>
  revokeDevice(thing: string): Promise<void>
}

export interface Gateway {
  connection: CloudConnection
  accounts: BrokerAccounts
  rpc: RpcClient
  shadows: ShadowService
  presence: Presence
  ingest: TelemetryIngest
  /** where devices reach the broker, as this server sees it */
  brokerUrl: string
  close(): Promise<void>
}

const SERVICE_USERNAME = 'canopy-cloud'

/**
 * The device side of the server: the broker (embedded, or an external Mosquitto whose device
 * accounts we keep through dynamic security), the cloud's MQTT connection, and the services
 * that answer devices: shadow, presence, telemetry, RPC.
 */
export async function startGateway(deps: {
  config: MqttConfig
  db: Database
  changes: ChangeFeed
  directory: DeviceDirectory
  sampleSeconds: number
  log: FastifyBaseLogger
  /** the PostgreSQL server other instances may share (undefined: the embedded database) */
  sharedDatabaseUrl: string | undefined
}): Promise<Gateway> {
  const { config, db } = deps
  const stops: Array<() => Promise<void> | void> = []
  let connection: CloudConnection
  let accounts: BrokerAccounts
  let brokerUrl: string

  if (config.kind === 'embedded') {
    const credentials = new DeviceCredentials(db)
    deps.changes.onChange((event) => {
      if (event.kind === 'device') credentials.forget(event.thing)
    })
    const service = { username: SERVICE_USERNAME, password: await sharedSecret(db, 'mqtt-service-password') }
    const broker = await startEmbeddedBroker({ host: config.host, port: config.port, service, credentials })
    stops.push(() => broker.close())
    brokerUrl = `mqtt://127.0.0.1:${broker.port}`
    connection = await CloudConnection.connect({ url: brokerUrl, ...service })
    // A secret replaced (registering again) or taken away (revoked, deleted) ends the session
    // opened with the old one, as Mosquitto does when dynamic security changes a client.
    const withdraw = async (thing: string) => {
      credentials.forget(thing)
      broker.disconnectDevice(thing)
    }
    accounts = { grantDevice: withdraw, revokeDevice: withdraw }
  } else {
    brokerUrl = config.url
    await DynamicSecurity.ensureCloudRole(config)
    connection = await CloudConnection.connect(config)
    accounts = await DynamicSecurity.attach(connection)
  }

  const publish = (topic: string, payload: unknown) => connection.publish(topic, payload)
  const shadows = new ShadowService({
    db,
    directory: deps.directory,
    publish,
  })
  const presence = new Presence({ db, directory: deps.directory })
  const ingest = new TelemetryIngest({ db, directory: deps.directory, sampleSeconds: deps.sampleSeconds })
  const rpc = new RpcClient(connection)

  const byThing =
    (handler: (thing: string, payload: Buffer) => unknown) =>
    (topic: string, payload: Buffer): void => {
      const thing = thingOfTopic(topic)
      if (!thing) return
      Promise.resolve(handler(thing, payload)).catch((error) =>
        deps.log.error({ err: error, topic }, 'device message failed'),
      )
    }
  const answerShadows = async () => {
    const [get, update, remove] = cloudSubscriptions.shadowRequests
    await connection.on(
      get!,
      byThing((thing, payload) => shadows.handleGet(thing, payload)),
    )
    await connection.on(
      update!,
      byThing((thing, payload) => shadows.handleUpdate(thing, payload)),
    )
    await connection.on(
      remove!,
      byThing((thing, payload) => shadows.handleDelete(thing, payload)),
    )
  }
  // Several instances share an external broker and a PostgreSQL server; an embedded broker is
  // one instance's own.
  const sharedWith = config.kind === 'external' ? deps.sharedDatabaseUrl : undefined
  if (sharedWith) {
    const leader = new LeaderLock(sharedWith)
    stops.push(() => leader.stop())
    await leader.whenLeader(answerShadows)
  } else {
    await answerShadows()
  }
  // Instances sharing a broker split status and telemetry between them; each hears its own RPC answers.
  const shared = (filter: string) => (sharedWith ? `$share/canopy/${filter}` : filter)
  await connection.on(
    shared(cloudSubscriptions.status),
    byThing((thing, payload) => presence.handleStatus(thing, payload)),
  )
  await connection.on(
    shared(cloudSubscriptions.telemetry),
    byThing((thing, payload) => ingest.handle(thing, payload)),
  )
  await connection.on(cloudSubscriptions.rpcResponses, (topic, payload) => rpc.handleResponse(topic, payload))

  ingest.start()
  presence.startWatchdog()
  return {
    connection,
    accounts,
    rpc,
    shadows,
    presence,
    ingest,
    brokerUrl,
    async close() {
      presence.stop()
      await ingest.stop()
      await connection.close()
      for (const stop of stops.reverse()) await stop()
    },
  }
}
