import { createServer, type Server } from 'node:net'
import { devicePublishAllowed, deviceSubscribeAllowed, THING_NAME_PATTERN } from '@canopy/shared/protocol'
import { Aedes, type Client } from 'aedes'
import type { DeviceCredentials } from './device-credentials'
import { PacketSizeGuard } from './packet-size-guard'
import { persistenceWithRetainedLookup } from './retained-lookup'

export interface ServiceAccount {
  username: string
  password: string
}

export interface AedesBroker {
  port: number
  /**
   * Ends the device's session, and any connection still being authenticated under its name:
   * called once its secret is revoked or replaced, so nothing opened with the old one survives.
   */
  disconnectDevice(thing: string): void
  /** connections dropped for announcing a packet over the maximum size */
  readonly counters: { oversizedPackets: number }
  close(): Promise<void>
}

// CONNACK return code 4: bad user name or password.
const BAD_CREDENTIALS = 4

type Identity = { kind: 'cloud' } | { kind: 'device'; thing: string }
const identities = new WeakMap<Client, Identity>()

/** Where the broker listens, whom it lets in, and what it tells of those it drops. */
export interface BrokerOptions {
  host: string
  port: number
  service: ServiceAccount
  credentials: Pick<DeviceCredentials, 'verify'>
  /** the largest MQTT packet a client may send, header included */
  maxPacketBytes: number
  /** hears of each connection dropped for an oversized packet (its client id, once known) */
  onOversized?: (clientId: string | undefined) => void
}

/**
 * The embedded MQTT 3.1.1 broker (Aedes), run in a thread of its own (`broker-thread.ts`). It
 * authenticates every client itself: the cloud's own service account, or a device whose client id
 * and user name are its thing name and whose password is its secret; and it keeps each device to
 * its own topics (docs/protocol.md).
 */
export async function startAedesBroker(options: BrokerOptions): Promise<AedesBroker> {
  // Device connections by thing name: the live session, and those whose secret is being checked
  // (a check that started before a revocation may still read the old secret).
  const sessions = new Map<string, Client>()
  const authenticating = new Map<string, Set<Client>>()
  const withdrawn = new WeakSet<Client>()
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
      const pending = authenticating.get(username) ?? new Set<Client>()
      authenticating.set(username, pending.add(client))
      const settled = () => {
        pending.delete(client)
        if (pending.size === 0 && authenticating.get(username) === pending) authenticating.delete(username)
      }
      options.credentials.verify(username, secret).then(
        (valid) => {
          settled()
          if (!valid || withdrawn.has(client)) return refuse()
          identities.set(client, { kind: 'device', thing: username })
          sessions.set(username, client)
          done(null, true)
        },
        () => {
          settled()
          refuse()
        },
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

  broker.on('clientDisconnect', (client) => {
    const identity = identities.get(client)
    // A device reconnecting replaces its session before the old one's disconnect arrives.
    if (identity?.kind === 'device' && sessions.get(identity.thing) === client)
      sessions.delete(identity.thing)
  })

  const counters = { oversizedPackets: 0 }
  const server: Server = createServer((socket) => {
    const client = broker.handle(socket)
    // Attached after Aedes' 'readable' listener, a 'data' listener sees each chunk as Aedes reads
    // it, without changing how it reads: the connection ends on the chunk that announces an
    // oversized packet, before Aedes buffers more of it.
    const guard = new PacketSizeGuard(options.maxPacketBytes)
    socket.on('data', (chunk: Buffer) => {
      if (guard.accept(chunk) || socket.destroyed) return
      counters.oversizedPackets++
      options.onOversized?.(client.id ?? undefined)
      socket.destroy()
    })
  })
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
    counters,
    disconnectDevice(thing) {
      for (const client of authenticating.get(thing) ?? []) withdrawn.add(client)
      const session = sessions.get(thing)
      sessions.delete(thing)
      // Closed without a DISCONNECT, so its last will ("offline") is published as for a drop.
      if (session && !session.closed) session.close()
    },
    close: () =>
      new Promise<void>((resolve) => {
        broker.close(() => server.close(() => resolve()))
      }),
  }
}
