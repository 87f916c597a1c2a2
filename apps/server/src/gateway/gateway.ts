import { cloudSubscriptions, thingOfTopic, topics } from '@canopy/shared/protocol'
import type { FastifyBaseLogger } from 'fastify'
import type { MqttConfig } from '../config'
import type { ChangeFeed } from '../db/change-feed'
import type { Database } from '../db/client'
import { sharedSecret } from '../db/secrets'
import { type ShutdownStep, shutDownInSteps } from '../lib/bounded'
import { loggableError } from '../lib/loggable-error'
import type { DeviceDirectory } from '../modules/devices/device-directory'
import { CloudConnection } from './cloud-connection'
import { DeviceAdmission, type DeviceLimits, isLatestKind } from './device-admission'
import { DeviceCredentials } from './device-credentials'
import { DeviceEvents } from './device-events'
import { DeviceRefusal, DeviceRefusals, type MessageKind } from './device-refusals'
import { DynamicSecurity } from './dynamic-security'
import { type EmbeddedBroker, startEmbeddedBroker } from './embedded-broker'
import { JobsService } from './jobs/jobs.service'
import { LeaderLock } from './leader'
import { Presence } from './presence'
import { RpcClient } from './rpc'
import { ShadowService } from './shadow/shadow.service'
import { TelemetryIngest } from './telemetry-ingest'

/** Who may connect to the broker as a device (the embedded broker asks the database itself). */
export interface BrokerAccounts {
  grantDevice(thing: string, secret: string): Promise<void>
  revokeDevice(thing: string): Promise<void>
  /** Ends the device's session (it may connect again): for a device over its limits. */
  disconnectDevice(thing: string): Promise<void>
}

export interface Gateway {
  connection: CloudConnection
  accounts: BrokerAccounts
  rpc: RpcClient
  shadows: ShadowService
  jobs: JobsService
  /** what devices do (online, offline, shadow updated, telemetry, job execution updated) */
  events: DeviceEvents
  presence: Presence
  ingest: TelemetryIngest
  /** what devices' messages were refused and why, what is in flight: for operators */
  metrics(): GatewayMetrics
  /** where devices reach the broker, as this server sees it */
  brokerUrl: string
  close(): Promise<void>
}

export interface GatewayMetrics {
  refusals: DeviceRefusals['counts']
  suppressedLogLines: number
  admission: DeviceAdmission['counters']
  oversizedPackets: number | undefined
  /** times the embedded broker's thread died and was started again */
  brokerRestarts: number | undefined
  /** devices the embedded broker refused because their secret could not be checked */
  failedSecretChecks: number | undefined
}

const SERVICE_USERNAME = 'canopy-cloud'
const DISCONNECT_GRACE_MS = 500

/**
 * The device side of the server: the broker (embedded, or an external Mosquitto whose device
 * accounts we keep through dynamic security), the cloud's MQTT connection, and the services
 * that answer devices: shadow, jobs, presence, telemetry, RPC. What devices do goes out on the
 * device-event bus; a listener's failure is logged through the app's logger.
 */
export async function startGateway(deps: {
  config: MqttConfig
  limits: DeviceLimits
  db: Database
  changes: ChangeFeed
  directory: DeviceDirectory
  sampleSeconds: number
  log: FastifyBaseLogger
  /** the PostgreSQL server other instances may share (undefined: the embedded database) */
  sharedDatabaseUrl: string | undefined
}): Promise<Gateway> {
  const { config, db } = deps
  // Each bounded: with the broker or the database gone, shutdown still ends in time.
  const stops: ShutdownStep[] = []
  let connection: CloudConnection
  let accounts: BrokerAccounts
  let brokerUrl: string
  let brokerCounters: () => Partial<EmbeddedBroker['counters']> = () => ({})
  const refusals = new DeviceRefusals(deps.log)
  const events = new DeviceEvents((event, error) =>
    deps.log.error({ err: error, event }, 'a device event listener failed'),
  )

  if (config.kind === 'embedded') {
    const credentials = new DeviceCredentials(db)
    deps.changes.onChange((event) => {
      if (event.kind === 'device') credentials.forget(event.thing)
    })
    const service = { username: SERVICE_USERNAME, password: await sharedSecret(db, 'mqtt-service-password') }
    const broker = await startEmbeddedBroker({
      host: config.host,
      port: config.port,
      service,
      credentials,
      maxPacketBytes: config.maxPacketBytes,
      onOversized: (clientId) =>
        refusals.refuse(
          clientId ?? 'unknown',
          'telemetry',
          '(packet)',
          new DeviceRefusal('too-large', 'packet'),
        ),
      onCrash: (error) =>
        deps.log.error({ err: error }, 'the embedded broker failed: starting it again (devices reconnect)'),
      onCheckFailed: (thing, error) =>
        deps.log.error({ err: error, thing }, "a device's secret could not be checked: it was refused"),
    })
    stops.push({ name: 'embedded broker', ms: 1500, run: () => broker.close() })
    brokerUrl = `mqtt://127.0.0.1:${broker.port}`
    connection = await CloudConnection.connect({ url: brokerUrl, ...service })
    // A secret replaced (registering again) or taken away (revoked, deleted) ends the session
    // opened with the old one, as Mosquitto does when dynamic security changes a client.
    const withdraw = async (thing: string) => {
      credentials.forget(thing)
      broker.disconnectDevice(thing)
    }
    accounts = {
      grantDevice: withdraw,
      revokeDevice: withdraw,
      disconnectDevice: async (thing) => broker.disconnectDevice(thing),
    }
    brokerCounters = () => broker.counters
  } else {
    brokerUrl = config.url
    await DynamicSecurity.ensureCloudRole(config)
    connection = await CloudConnection.connect(config)
    accounts = await DynamicSecurity.attach(connection)
  }

  const publish = (topic: string, payload: unknown) => connection.publish(topic, payload)
  const shadows = new ShadowService({ db, directory: deps.directory, publish, events })
  const jobs = new JobsService({
    db,
    directory: deps.directory,
    publish,
    events,
    queueRoom: (messages) => admission.room(messages),
    reportError: (error, what) => deps.log.error({ err: error }, what),
  })
  const presence = new Presence({
    db,
    directory: deps.directory,
    events,
    onFieldsRefused: (thing, fields) =>
      refusals.refuse(
        thing,
        'status',
        topics.status(thing),
        new DeviceRefusal('invalid-field', `left out: ${fields.join(', ')}`),
      ),
  })
  const ingest = new TelemetryIngest({
    db,
    directory: deps.directory,
    sampleSeconds: deps.sampleSeconds,
    events,
    onRowRefused: (deviceId, error) =>
      refusals.refuse(
        `device ${deviceId}`,
        'telemetry',
        '(flush)',
        new DeviceRefusal('storage', describe(error)),
      ),
    onFlushFailed: (error) => refusals.refuse('(all devices)', 'telemetry', '(flush)', error),
  })
  const rpc = new RpcClient(connection)
  /** each device's latest `rejected` answer on its way out (they go out in order) */
  const answering = new Map<string, Promise<void>>()
  // A device past its limits is disconnected a moment after the `rejected` answers it was sent
  // have gone out, so they reach it first and it can tell why (on a busy server that moment
  // can come later than the answers' own publishing).
  const admission = new DeviceAdmission(deps.limits, (thing) => {
    const disconnect = () =>
      accounts
        .disconnectDevice(thing)
        .catch((error) => refusals.refuse(thing, 'status', '(disconnect)', error))
    const answered = answering.get(thing) ?? Promise.resolve()
    answering.delete(thing)
    void answered.then(() => setTimeout(disconnect, DISCONNECT_GRACE_MS).unref())
  })

  /**
   * Every device message goes through here: admitted (or refused at once, counted, and answered
   * by `onRefused` where the protocol has a reply), then handled in its turn; whatever its
   * handler throws is counted and logged within bounds, a DeviceRefusal without its stack.
   */
  const fromDevice =
    (
      kind: MessageKind,
      handler: (thing: string, payload: Buffer, topic: string) => unknown,
      onRefused?: (thing: string, payload: Buffer, topic: string) => Promise<void>,
      /** an update of work under way: served before other queued messages (device-admission.ts) */
      urgent = false,
    ) =>
    (topic: string, payload: Buffer): void => {
      const thing = thingOfTopic(topic)
      if (!thing) return
      // Heard, whether it is taken, waits its turn or is refused: the watchdog must not take a
      // device offline for the server's backlog (presence.ts). A status files its own time.
      if (kind !== 'status') presence.heard(thing)
      const refused = admission.admit(thing, kind, urgent)
      if (refused) {
        refusals.refuse(thing, kind, topic, new DeviceRefusal(refused, `over the ${kind} limits`))
        // A disconnected device hears no more answers, and the flood behind it costs no publishes.
        if (onRefused && !admission.wasDisconnected(thing)) {
          const answer = onRefused(thing, payload, topic).catch((error) =>
            refusals.refuse(thing, kind, topic, error),
          )
          answering.set(thing, answer)
          void answer.then(() => {
            if (answering.get(thing) === answer) answering.delete(thing)
          })
        }
        return
      }
      // Only a device's latest status or telemetry matters: their own lanes (device-admission.ts).
      const work = () => handler(thing, payload, topic)
      const handled = isLatestKind(kind)
        ? admission.runLatest(kind, thing, work)
        : admission.run(thing, kind, work, urgent)
      handled.catch((error) => refusals.refuse(thing, kind, topic, error))
    }
  const answerShadows = async () => {
    const [get, update, remove] = cloudSubscriptions.shadowRequests
    const tooMany = (request: 'get' | 'update' | 'delete') => (thing: string, payload: Buffer) =>
      shadows.tooManyRequests(thing, request, payload)
    await connection.on(
      get!,
      fromDevice('shadow', (thing, payload) => shadows.handleGet(thing, payload), tooMany('get')),
    )
    await connection.on(
      update!,
      fromDevice('shadow', (thing, payload) => shadows.handleUpdate(thing, payload), tooMany('update')),
    )
    await connection.on(
      remove!,
      fromDevice('shadow', (thing, payload) => shadows.handleDelete(thing, payload), tooMany('delete')),
    )
  }
  const answerJobs = async () => {
    const [pending, startNext, update, describe] = cloudSubscriptions.jobRequests
    const throttled = (thing: string, payload: Buffer, topic: string) =>
      jobs.tooManyRequests(thing, topic, payload)
    /** the `{jobId}` level of `$aws/things/{thing}/jobs/{jobId}/…` */
    const level = (topic: string) => topic.split('/')[4]!
    await connection.on(
      pending!,
      fromDevice('jobs', (thing, payload) => jobs.handleGetPending(thing, payload), throttled),
    )
    await connection.on(
      startNext!,
      fromDevice('jobs', (thing, payload) => jobs.handleStartNext(thing, payload), throttled),
    )
    await connection.on(
      update!,
      fromDevice(
        'jobs',
        (thing, payload, topic) => jobs.handleUpdate(thing, level(topic), payload),
        throttled,
        true,
      ),
    )
    await connection.on(
      describe!,
      fromDevice(
        'jobs',
        (thing, payload, topic) => jobs.handleDescribe(thing, level(topic), payload),
        throttled,
      ),
    )
  }
  const answerRequests = async () => {
    await answerShadows()
    await answerJobs()
  }
  // Several instances share an external broker and a PostgreSQL server; an embedded broker is
  // one instance's own.
  const sharedWith = config.kind === 'external' ? deps.sharedDatabaseUrl : undefined
  if (sharedWith) {
    const leader = new LeaderLock(sharedWith, (error) =>
      deps.log.warn({ err: error }, 'leader lock: no database session, trying again in 5 s'),
    )
    stops.push({ name: 'leader lock', ms: 1000, run: () => leader.stop() })
    await leader.whenLeader(answerRequests)
  } else {
    await answerRequests()
  }
  // Instances sharing a broker split status and telemetry between them; each hears its own RPC answers.
  const shared = (filter: string) => (sharedWith ? `$share/canopy/${filter}` : filter)
  await connection.on(
    shared(cloudSubscriptions.status),
    fromDevice('status', (thing, payload) => presence.handleStatus(thing, payload)),
  )
  await connection.on(
    shared(cloudSubscriptions.telemetry),
    fromDevice('telemetry', (thing, payload) => ingest.handle(thing, payload)),
  )
  await connection.on(
    cloudSubscriptions.rpcResponses,
    fromDevice('rpc', (thing, payload) => rpc.handleResponse(thing, payload)),
  )

  ingest.start()
  presence.startWatchdog((error) => deps.log.error({ err: error }, 'presence watchdog failed'))
  // Every instance sweeps: each overdue execution is timed out once (docs/decisions.md).
  jobs.startSweep((error) => deps.log.error({ err: error }, 'job timeout sweep failed'))
  const reminding = jobs.remindQueued().then(
    (reminded) => reminded > 0 && deps.log.info({ reminded }, 'reminded devices of their queued jobs'),
    (error: unknown) => deps.log.error({ err: error }, 'reminding devices of their queued jobs failed'),
  )
  watchBrokerConnection(connection, deps.log)
  return {
    connection,
    accounts,
    rpc,
    shadows,
    jobs,
    events,
    presence,
    ingest,
    metrics: () => ({
      refusals: refusals.counts,
      suppressedLogLines: refusals.suppressedLines,
      admission: admission.counters,
      oversizedPackets: brokerCounters().oversizedPackets,
      brokerRestarts: brokerCounters().restarts,
      failedSecretChecks: brokerCounters().failedChecks,
    }),
    brokerUrl,
    async close() {
      presence.stop()
      jobs.stop()
      await shutDownInSteps(
        [
          { name: 'queued-job reminders', ms: 1500, run: () => reminding },
          { name: 'telemetry flush', ms: 1500, run: () => ingest.stop() },
          { name: 'cloud MQTT connection', ms: 1500, run: () => connection.close(1000) },
          ...stops.reverse(),
        ],
        (step, error) => deps.log.warn({ err: error, step }, 'gateway shutdown step failed'),
      )
    },
  }
}

/**
 * The cloud's own broker connection, for operators: one line when it is lost, one when it is back.
 * While it is lost the cloud hears no device; each device turns offline as its own watchdog window
 * passes in silence, and on reconnection the retained statuses are read again (docs/decisions.md,
 * "The cloud losing the broker").
 */
function watchBrokerConnection(connection: CloudConnection, log: FastifyBaseLogger): void {
  connection.onLost(() =>
    log.warn(
      'the cloud lost the MQTT broker: devices are not heard until it is back (each turns offline as its window passes)',
    ),
  )
  connection.onBack((outageMs) =>
    log.info(
      { outageMs },
      'the cloud is back on the MQTT broker: presence is read again from the retained statuses',
    ),
  )
}

/** A database error in one short line: its SQLSTATE and message, never its parameters. */
function describe(error: unknown): string {
  const entry = loggableError(error)
  const root = entry.cause ?? entry
  return [root.code, root.message].filter(Boolean).join(' ')
}
