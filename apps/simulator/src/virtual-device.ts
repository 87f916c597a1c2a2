import {
  type JsonObject,
  mergeState,
  type RegistrationRequest,
  type RegistrationResponse,
  rpcRequest,
  splitSecrets,
  type TelemetryMessage,
  thingNameOf,
  topics,
} from '@canopy/shared/protocol'
import { hashManagementCredential } from '@canopy/shared/protocol/credential'
import mqtt, { type MqttClient } from 'mqtt'
import { settleDelta } from './apply-settings'
import { CaptiveGateway, type CaptiveGatewayTimings } from './captive-gateway'
import type { UpgradeChaos } from './chaos'
import { ChunkedAnswers } from './chunked-answers'
import { ClientRoster } from './clients'
import { BUILT_IN_COMMANDS, type Command } from './commands'
import { backupHandler, restoreHandler } from './config-jobs'
import { DeviceLog } from './device-log'
import type { DownloadSlots } from './download-slots'
import { BUILT_IN_JOB_HANDLERS, type JobHandler, JobsClient } from './jobs-client'
import { Misbehaviour, type MisbehaviourMode } from './misbehaviour'
import type { DeviceProfile } from './profiles/catalogue'
import { between } from './random'
import { signedRegistration } from './registration'
import {
  applyDelta,
  asReported,
  initialConfiguration,
  initialSecrets,
  runningConfiguration,
  withFirewallRules,
} from './settings'
import { TelemetryModel } from './telemetry'
import { ThrottledReports } from './throttled-reports'
import { QUICK_UPGRADE_TIMINGS, type UpgradeTimings, upgradeHandler } from './upgrade'

export type Provision = (request: RegistrationRequest) => Promise<RegistrationResponse>

export interface VirtualDeviceOptions {
  mac: string
  profile: DeviceProfile
  /** the device's management account and password (what binding asks for) */
  account: string
  password: string
  provision: Provision
  /** the identity it kept from an earlier run (a real device keeps it in flash) */
  identity?: RegistrationResponse
  /** hears of each identity the device registers for, to keep it */
  onIdentity?: (identity: RegistrationResponse) => void
  /** the broker to use instead of what registration says (tests, NAT) */
  mqttUrl?: string
  telemetryIntervalSeconds: number
  /** how long applying a setting takes, in milliseconds */
  applyDelayMs: readonly [number, number]
  /** the share of settings a device refuses (reported as failed with a reason) */
  failureRate: number
  /** the regulatory region it reports (its WiFi channels depend on it) */
  region?: string
  random: () => number
  /** commands beyond the built-in ones, or replacing them (tests) */
  commands?: Partial<Record<string, Command>>
  /** job operations beyond the built-in ones, or replacing them, by the job document's `operation` */
  jobHandlers?: Partial<Record<string, JobHandler>>
  /** what goes wrong with its firmware upgrades (none unless given) */
  upgradeChaos?: UpgradeChaos
  /** how long flashing, rebooting and outages take (quick unless given) */
  upgradeTimings?: UpgradeTimings
  /** how often it tries to come online when powered on before giving up (once unless given) */
  startAttempts?: number
  /** the fleet's shared limit on downloads at once (none unless given) */
  downloadSlots?: DownloadSlots
  /** pads its running configuration to about this many bytes with firewall rules (benches) */
  configBytes?: number
  /** how often its captive portal checks its guests and pings the cloud (wifidog's 60 s unless given) */
  captiveTimings?: CaptiveGatewayTimings
}

// Cheaper scrypt than a real device would use, so a fleet of thousands starts in seconds; the
// cloud accepts any N from 1024 (docs/protocol.md).
const SIMULATED_CREDENTIAL = { N: 1024, r: 8, p: 1 }
/** How long a device shutting down waits for the broker to take its offline status. */
const GOODBYE_MS = 2000

/**
 * A device that speaks the protocol as a real one does (docs/protocol.md): registers with its
 * product's key and secret, connects with its own identity and a last will, reports status and
 * telemetry, follows its shadow's delta (after a realistic delay, sometimes refusing with a
 * reason), keeps a log, has clients that come and go, answers commands, and runs jobs (AWS IoT
 * Jobs) with a handler per job operation.
 */
export class VirtualDevice {
  readonly thing: string
  readonly log: DeviceLog
  /** its captive portal for guests, listening while its shadow's `portal` section turns one on */
  readonly gateway: CaptiveGateway
  /** web answers the cloud is still reading, chunk by chunk */
  readonly webAnswers = new ChunkedAnswers()
  /** the configuration this device applies and reports (its shadow's `reported`) */
  reported: JsonObject
  /** its secrets in clear, by path (`reported` holds their hashes): part of its running configuration */
  private secrets: JsonObject
  private client: MqttClient | undefined
  private identity: RegistrationResponse | undefined
  private telemetryTimer: NodeJS.Timeout | undefined
  private readonly telemetry: TelemetryModel
  /** what it has been told to do wrong (`misbehave`) */
  private readonly misbehaviour = new Misbehaviour()
  private readonly clients: ClientRoster
  private readonly credential: string
  private readonly jobs: JobsClient
  private readonly throttledReports = new ThrottledReports(
    () => this.publishReported(this.reported),
    (error) => this.log.write('canopy', `reported state not sent again: ${error.message}`),
  )
  private running = false
  /** what goes wrong with its next firmware upgrades (tests set it per device) */
  upgradeChaos: UpgradeChaos

  constructor(readonly options: VirtualDeviceOptions) {
    const random = options.random
    this.thing = thingNameOf(options.mac)
    const suffix = options.mac.replace(/:/g, '').slice(-4).toUpperCase()
    const lanNet = 2 + Math.floor(random() * 250)
    const wanIp = `10.${lanNet}.${Math.floor(random() * 250)}.${2 + Math.floor(random() * 250)}`
    this.telemetry = new TelemetryModel(options.profile, random, `192.168.${lanNet}.1`, wanIp)
    this.log = new DeviceLog(`${options.profile.model}-${suffix}`)
    this.gateway = new CaptiveGateway({
      log: this.log,
      timings: options.captiveTimings ?? { checkIntervalSeconds: 60, pingIntervalSeconds: 60 },
    })
    this.clients = new ClientRoster(options.profile, random, `192.168.${lanNet}`, this.log)
    this.credential = hashManagementCredential(options.account, options.password, SIMULATED_CREDENTIAL)
    this.reported = initialConfiguration(options.profile, random, suffix, lanNet)
    this.secrets = initialSecrets(this.reported, suffix)
    if (options.identity?.thingName === this.thing) this.identity = options.identity
    this.upgradeChaos = options.upgradeChaos ?? {}
    // Only a model with the capability upgrades: any other rejects an upgrade job as unknown.
    const upgrade = options.profile.capabilities.includes('upgrade')
      ? {
          upgrade: upgradeHandler({
            model: options.profile.model,
            firmware: () => this.firmware,
            random,
            chaos: () => this.upgradeChaos,
            timings: options.upgradeTimings ?? QUICK_UPGRADE_TIMINGS,
            log: (line) => this.log.write('upgrade', line),
            restart: (downMs, firmware) =>
              // After the handler has returned, so the job stays IN_PROGRESS across the restart.
              setImmediate(
                () =>
                  void this.reboot(downMs, firmware).catch((error: Error) =>
                    this.log.write('kernel', `reboot failed: ${error.message}`),
                  ),
              ),
            networkOutage: (ms) => this.networkOutage(ms),
            downloadSlot: options.downloadSlots && (() => options.downloadSlots!.take()),
          }),
        }
      : {}
    this.jobs = new JobsClient(
      this.thing,
      async (topic, payload) => {
        await this.client?.publishAsync(topic, JSON.stringify(payload), { qos: 1 })
      },
      {
        ...BUILT_IN_JOB_HANDLERS,
        ...upgrade,
        'config-backup': backupHandler(this.configDevice()),
        'config-restore': restoreHandler(this.configDevice()),
        ...options.jobHandlers,
      },
      (line) => this.log.write('canopy', line),
    )
  }

  get mac(): string {
    return this.options.mac
  }

  /** The running configuration (secrets in clear): what a backup uploads. */
  runningConfiguration(): JsonObject {
    return withFirewallRules(runningConfiguration(this.reported, this.secrets), this.options.configBytes ?? 0)
  }

  /**
   * A change made on the device itself (its web page, a technician, chaos): applied at once and
   * reported through the shadow as firmware does, so the cloud sees the drift.
   */
  async changeLocally(patch: JsonObject): Promise<void> {
    this.reported = applyDelta(this.reported, patch)
    this.secrets = mergeState(this.secrets, splitSecrets(patch).secrets)
    this.log.write('canopy', `changed on the device: ${Object.keys(patch).join(', ')}`)
    await this.publishReported(asReported(patch))
  }

  private configDevice() {
    return {
      model: this.options.profile.model,
      runningConfiguration: () => this.runningConfiguration(),
      applyConfiguration: async (config: JsonObject) => {
        const { firmware: _firmware, ...restored } = config
        const { secrets } = splitSecrets(restored)
        this.reported = { ...asReported(restored), firmware: this.firmware }
        this.secrets = secrets
        await this.publishReported(this.reported)
      },
      log: (line: string) => this.log.write('canopy', line),
    }
  }

  /** The firmware version it runs (its status message and shadow report it). */
  get firmware(): string {
    return String(this.reported.firmware)
  }

  get online(): boolean {
    return this.client?.connected ?? false
  }

  /** Its cloud identity, once it has one. */
  get currentIdentity(): RegistrationResponse | undefined {
    return this.identity
  }

  /** Powers on: registers if it has no identity yet, connects, and starts reporting. */
  async start(): Promise<void> {
    this.running = true
    this.telemetry.boot()
    for (let attempt = 1; ; attempt++) {
      try {
        await this.comeOnline()
        return
      } catch (error) {
        if (attempt >= (this.options.startAttempts ?? 1) || !this.running) throw error
        this.log.write('canopy', `could not come online (${(error as Error).message}); trying again`)
        await new Promise((resolve) => setTimeout(resolve, between(this.options.random, [2000, 5000])))
      }
    }
  }

  /** A clean shutdown: says offline, then disconnects. */
  async stop(): Promise<void> {
    this.running = false
    clearInterval(this.telemetryTimer)
    this.throttledReports.stop()
    await this.gateway.close()
    // A job it was running is left IN_PROGRESS for the cloud's timeout or its next start.
    this.jobs.reset()
    const client = this.client
    this.client = undefined
    if (client?.connected) {
      const goodbye = client
        .publishAsync(topics.status(this.thing), JSON.stringify({ state: 'offline', reason: 'shutdown' }), {
          qos: 1,
          retain: true,
        })
        .then(() => client.endAsync())
        .then(() => 'said' as const)
      // A broker that died a moment ago never acknowledges: mqtt.js would hold the goodbye for a
      // reconnect forever. A device powering down waits a little, then just goes.
      let timer: NodeJS.Timeout | undefined
      const unanswered = new Promise<'unanswered'>((resolve) => {
        timer = setTimeout(resolve, GOODBYE_MS, 'unanswered')
      })
      const outcome = await Promise.race([goodbye, unanswered]).finally(() => clearTimeout(timer))
      if (outcome === 'unanswered') {
        this.log.write('canopy', `no answer to the goodbye within ${GOODBYE_MS} ms; closing`)
        await client.endAsync(true)
      }
    } else {
      await client?.endAsync(true)
    }
  }

  /** Loses power: the socket just goes, the broker publishes the last will, and the job it ran is forgotten. */
  drop(): void {
    this.disconnect()
    this.jobs.reset()
  }

  /**
   * Reboots: drops off, then comes back after a while (as after a power cycle), uptime from zero;
   * on `firmware` when an upgrade wrote it to flash.
   */
  async reboot(downMs = between(this.options.random, [2000, 5000]), firmware?: string): Promise<void> {
    this.drop()
    await new Promise((resolve) => setTimeout(resolve, downMs))
    if (firmware) this.reported = { ...this.reported, firmware }
    this.telemetry.boot()
    this.log.write('kernel', `booting ${this.firmware}`)
    if (this.running) await this.comeOnline()
  }

  /** Off the network for `ms` (the cable pulled): the device keeps running, then connects again. */
  async networkOutage(ms: number): Promise<void> {
    this.disconnect()
    this.log.write('canopy', 'network down')
    await new Promise((resolve) => setTimeout(resolve, ms))
    if (this.running) await this.comeOnline()
  }

  /**
   * Misbehaves, or stops (issue 15: each alarm seen firing and recovering): its reports say so
   * from the next one; `go-offline` falls off the network (the broker publishes its last will)
   * until the mode is off again.
   */
  async misbehave(mode: MisbehaviourMode, on: boolean): Promise<void> {
    const wasOffline = this.misbehaviour.has('go-offline')
    this.misbehaviour.set(mode, on)
    if (mode !== 'go-offline' || on === wasOffline) return
    if (on) {
      this.disconnect()
      this.log.write('canopy', 'network down (told to misbehave)')
    } else if (this.running) {
      await this.comeOnline()
    }
  }

  private disconnect(): void {
    clearInterval(this.telemetryTimer)
    this.throttledReports.stop()
    const client = this.client
    this.client = undefined
    client?.stream.destroy()
    client?.end(true)
  }

  /** Publishes a telemetry report now (the timer does it every interval), and returns it. */
  async reportTelemetry(): Promise<TelemetryMessage> {
    const report = this.misbehaviour.apply(this.telemetry.next(this.channels()))
    this.clients.reconcile(this.telemetry.clientCounts(), this.ssids())
    await this.client?.publishAsync(topics.telemetry(this.thing), JSON.stringify(report), { qos: 0 })
    return report
  }

  connectedClients() {
    return this.clients.list()
  }

  /** Clients per radio, as the last telemetry reported them. */
  clientCounts(): number[] {
    return this.telemetry.clientCounts()
  }

  /**
   * Connects with the identity it has; registers first when it has none, or when the broker
   * refuses it (the device was deleted, or the broker forgot it). Registering again, it sends
   * the secret it holds: the cloud lets a bound device register again only with it.
   */
  private async comeOnline(): Promise<void> {
    if (this.identity) {
      try {
        await this.connect()
        return
      } catch (error) {
        if (!credentialsRefused(error)) throw error
        this.log.write('canopy', 'the cloud refused our identity; registering again')
      }
    }
    const identity = await this.options.provision(this.registrationRequest())
    this.identity = identity
    this.options.onIdentity?.(identity)
    await this.connect()
  }

  private registrationRequest(): RegistrationRequest {
    return signedRegistration(this.options.profile, this.options.mac, this.identity?.deviceSecret)
  }

  private async connect(): Promise<void> {
    const identity = this.identity!
    const url = this.options.mqttUrl ?? `mqtt://${identity.mqtt.host}:${identity.mqtt.port}`
    const client = mqtt.connect(url, {
      protocolVersion: 4,
      clientId: this.thing,
      username: this.thing,
      password: identity.deviceSecret,
      clean: true,
      keepalive: 60,
      reconnectPeriod: 0,
      connectTimeout: 15_000,
      will: {
        topic: topics.status(this.thing),
        payload: Buffer.from(JSON.stringify({ state: 'offline', reason: 'connection lost' })),
        qos: 1,
        retain: true,
      },
    })
    // Heard for the connection's whole life: an error nobody hears (a CONNACK timeout on a busy
    // broker, after the connection gave up) would end the process and the whole fleet with it.
    client.on('error', (error) => this.log.write('canopy', `connection: ${error.message}`))
    await connected(client)
    this.client = client
    this.log.write('canopy', `connected to ${url}`)
    client.on('message', (topic, payload) =>
      // A connection lost while answering (the cloud went away mid-apply) is the device's to log:
      // the cloud sends the change again when it is back.
      this.receive(topic, payload).catch((error: Error) =>
        this.log.write('canopy', `could not answer on ${topic}: ${error.message}`),
      ),
    )
    client.on('close', () => {
      // A broker that went away: try again, as a device would, while it is meant to run.
      if (this.client === client && this.running) setTimeout(() => void this.reconnect(client), 3000)
    })
    await client.subscribeAsync(
      [
        topics.shadow.updateDelta(this.thing),
        topics.shadow.getAccepted(this.thing),
        topics.shadow.updateRejected(this.thing),
        topics.rpcRequest(this.thing),
        ...this.jobs.subscriptions,
      ],
      { qos: 1 },
    )
    await client.publishAsync(
      topics.status(this.thing),
      JSON.stringify({
        state: 'online',
        ts: Math.floor(Date.now() / 1000),
        model: this.options.profile.model,
        firmware: this.reported.firmware,
        telemetryInterval: this.options.telemetryIntervalSeconds,
        region: this.options.region ?? 'CN',
        credential: this.credential,
      }),
      { qos: 1, retain: true },
    )
    await this.publishReported(this.reported)
    // Settings changed while it was away arrive as the delta of the shadow it asks for.
    await client.publishAsync(
      topics.shadow.get(this.thing),
      JSON.stringify({ clientToken: `get-${Date.now()}` }),
      { qos: 1 },
    )
    // A job queued while it was away comes back as the answer.
    await this.jobs.start()
    await this.reportTelemetry()
    this.telemetryTimer = setInterval(
      () =>
        void this.reportTelemetry().catch((error: Error) =>
          this.log.write('canopy', `telemetry not sent: ${error.message}`),
        ),
      this.options.telemetryIntervalSeconds * 1000,
    )
  }

  private async reconnect(previous: MqttClient): Promise<void> {
    if (this.client !== previous || !this.running) return
    clearInterval(this.telemetryTimer)
    try {
      await this.comeOnline()
    } catch {
      setTimeout(() => void this.reconnect(previous), 5000)
    }
  }

  private async receive(topic: string, payload: Buffer): Promise<void> {
    const body = JSON.parse(payload.toString('utf8'))
    if (topic === topics.shadow.updateDelta(this.thing)) return this.applyDesired(body.state, body.version)
    if (topic === topics.shadow.getAccepted(this.thing)) {
      if (body.state?.delta) await this.applyDesired(body.state.delta, body.version)
      return
    }
    // A report a busy cloud throttled (429) took nothing: the state goes again, later.
    if (topic === topics.shadow.updateRejected(this.thing)) {
      if (body.code === 429) this.throttledReports.refused()
      return
    }
    if (topic === topics.rpcRequest(this.thing)) return this.answer(body)
    await this.jobs.receive(topic, body)
  }

  /** Applies desired settings after a realistic delay; now and then refuses them, with a reason. */
  private async applyDesired(delta: JsonObject, version: number): Promise<void> {
    const outcome = await settleDelta(delta, version, { ...this.options, log: this.log })
    // Merged after the delay, so deltas applied side by side do not undo each other.
    if (outcome.applied) {
      this.reported = applyDelta(this.reported, delta)
      this.secrets = mergeState(this.secrets, splitSecrets(delta).secrets)
      // The portal runs as applied: guests meet it from now on.
      if ('portal' in delta) await this.gateway.configure(this.reported.portal)
    }
    await this.publishReported(outcome.reported)
  }

  private async publishReported(reported: JsonObject): Promise<void> {
    await this.client?.publishAsync(
      topics.shadow.update(this.thing),
      JSON.stringify({ state: { reported }, clientToken: `r-${Date.now()}` }),
      { qos: 1 },
    )
  }

  private async answer(body: unknown): Promise<void> {
    const request = rpcRequest.safeParse(body)
    if (!request.success || !request.data.replyTo.startsWith(`cmd/canopy/${this.thing}/`)) return
    const { clientToken, method, params, replyTo } = request.data
    const handler = this.options.commands?.[method] ?? BUILT_IN_COMMANDS[method]
    const reply = handler
      ? // A handler may throw at once: its refusal is an answer too.
        await Promise.resolve()
          .then(() => handler(this, params))
          .then(
            (result) => ({ clientToken, result: result ?? null }),
            (error: Error & { code?: string }) => ({
              clientToken,
              error: { code: error.code ?? 'failed', message: error.message },
            }),
          )
      : { clientToken, error: { code: 'unsupported', message: `unsupported command ${method}` } }
    await this.client?.publishAsync(replyTo, JSON.stringify(reply), { qos: 1 })
  }

  private channels(): number[] {
    const wifi = (this.reported.wifi ?? {}) as JsonObject
    return this.options.profile.radios.map((radio) => {
      const band = wifi[radio.band] as JsonObject | undefined
      return typeof band?.channel === 'number' && band.channel > 0 ? band.channel : radio.channels[0]!
    })
  }

  private ssids(): Record<string, string> {
    const wifi = (this.reported.wifi ?? {}) as JsonObject
    const ssids: Record<string, string> = {}
    for (const band of ['2g', '5g']) {
      const radio = wifi[band] as JsonObject | undefined
      if (typeof radio?.ssid === 'string') ssids[band] = radio.ssid
    }
    return ssids
  }
}

/** Resolves once the broker accepted the connection; rejects with its refusal or the failure. */
function connected(client: MqttClient): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      client.off('connect', onConnect)
      client.off('error', onError)
      client.off('close', onClose)
      if (!error) return resolve()
      client.end(true)
      reject(error)
    }
    const onConnect = () => settle()
    const onError = (error: Error) => settle(error)
    const onClose = () => settle(new Error('the connection closed before the broker answered'))
    client.on('connect', onConnect)
    client.on('error', onError)
    client.on('close', onClose)
  })
}

/** CONNACK 4 (bad user name or password) or 5 (not authorised): the broker does not know us. */
function credentialsRefused(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code
  return code === 4 || code === 5
}
