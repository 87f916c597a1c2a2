import { createServer, type Server } from 'node:net'
import { devicePublishAllowed, deviceSubscribeAllowed, THING_NAME_PATTERN } from '@canopy/shared/protocol'
import { Aedes, type Client } from 'aedes'
import type { DeviceCredentials } from './device-credentials'
import { persistenceWithRetainedLookup } from './retained-lookup'

export interface ServiceAccount {
  username: string
  password: string
}

export interface EmbeddedBroker {
  port: number
  close(): Promise<void>
}

// CONNACK return code 4: bad user name or password.
const BAD_CREDENTIALS = 4

type Identity = { kind: 'cloud' } | { kind: 'device'; thing: string }
const identities = new WeakMap<Client, Identity>()

/**
 * The embedded MQTT 3.1.1 broker (Aedes). It authenticates every client itself: the cloud's own
 * service account, or a device whose client id and user name are its thing name and whose
 * password is its secret; and it keeps each device to its own topics (docs/protocol.md).
 */
export async function startEmbeddedBroker(options: {
  host: string
  port: number
  service: ServiceAccount
  credentials: Pick<DeviceCredentials, 'verify'>
}): Promise<EmbeddedBroker> {
  const broker = await Aedes.createBroker({
    // No global limit on messages being delivered at once (Aedes' default is 100). With a limit,
    // mqemitter queues what is over it and, as each delivery ends, starts the next one from the
    // queue synchronously; a message nobody subscribes to (Aedes' own $SYS notice of each
    // disconnect) ends at once, so a long run of them recurses once each. A fleet leaving at
    // once queued thousands behind its offline statuses and overflowed the stack
    // (docs/decisions.md, "A fleet leaving at once"). Each connection stays flow-controlled:
    // Aedes reads its next packets only once the last ones are delivered.
    concurrency: 0,
    persistence: persistenceWithRetainedLookup(),
    heartbeatInterval: 60_000,
    // A device may announce up to 20 min; keep-alive is 1.5 times what it says.
    keepaliveLimit: 1200,
    authenticate: (client, username, password, done) => {
      const secret = password?.toString() ?? ''
      const refuse = () =>
        done(Object.assign(new Error('bad credentials'), { returnCode: BAD_CREDENTIALS }), false)
      if (username === options.service.username) {
        if (secret !== options.service.password) return refuse()
        identities.set(client, { kind: 'cloud' })
        return done(null, true)
      }
      if (!username || username !== client.id || !THING_NAME_PATTERN.test(username)) return refuse()
      options.credentials.verify(username, secret).then(
        (valid) => {
          if (!valid) return refuse()
          identities.set(client, { kind: 'device', thing: username })
          done(null, true)
        },
        () => refuse(),
      )
    },
    authorizePublish: (client, packet, callback) => {
      const identity = client ? identities.get(client) : undefined
      if (identity?.kind === 'cloud') return callback(null)
      if (identity?.kind === 'device' && devicePublishAllowed(identity.thing, packet.topic))
        return callback(null)
      // Aedes closes the connection of a client that publishes where it may not.
      callback(new Error(`publish to ${packet.topic} refused`))
    },
    authorizeSubscribe: (client, subscription, callback) => {
      const identity = identities.get(client)
      const allowed =
        identity?.kind === 'cloud' ||
        (identity?.kind === 'device' && deviceSubscribeAllowed(identity.thing, subscription.topic))
      // A null subscription answers SUBACK 0x80 (failure) for this topic only.
      callback(null, allowed ? subscription : null)
    },
  })

  const server: Server = createServer(broker.handle)
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`MQTT port ${options.port} is already in use: set MQTT_PORT to a free port`)
          : error,
      ),
    )
    server.listen(options.port, options.host, () => resolve())
  })
  const address = server.address()
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () =>
      new Promise<void>((resolve) => {
        broker.close(() => server.close(() => resolve()))
      }),
  }
}
