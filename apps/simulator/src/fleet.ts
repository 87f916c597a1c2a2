import { ErrorCode } from '@canopy/shared/errors'
import type { RegistrationResponse } from '@canopy/shared/protocol'
import { startChaos, type UpgradeChaos } from './chaos'
import { DownloadSlots } from './download-slots'
import { IdentityFile } from './identity-file'
import { type DeviceProfile, PROFILES } from './profiles/catalogue'
import { seededRandom } from './random'
import { type Provision, VirtualDevice, type VirtualDeviceOptions } from './virtual-device'

export interface FleetOptions {
  count: number
  /** how devices register: over HTTP with `serverUrl`, or a function (in-process, tests) */
  serverUrl?: string
  apiRoot?: string
  provision?: Provision
  mqttUrl?: string
  models?: string[]
  seed?: number
  telemetryIntervalSeconds?: number
  /** how long applying a setting takes; the test rigs' quick 150–600 ms unless given (the CLI
   * and the demo give REALISTIC_APPLY_DELAY_MS) */
  applyDelayMs?: readonly [number, number]
  failureRate?: number
  /** random reboots and power losses per device per hour */
  rebootsPerHour?: number
  dropsPerHour?: number
  /** changes made on the devices themselves per device per hour (drift) */
  localChangesPerHour?: number
  /** how often the devices' captive portals check their guests and ping the cloud */
  captiveTimings?: VirtualDeviceOptions['captiveTimings']
  /** pads each running configuration to about this many bytes (benches) */
  configBytes?: number
  /** devices started at once (registration and connection) */
  concurrency?: number
  commands?: VirtualDeviceOptions['commands']
  /** job operations beyond the built-in ones (by the job document's `operation`) */
  jobHandlers?: VirtualDeviceOptions['jobHandlers']
  /** what goes wrong with firmware upgrades, for every device (tests set `device.upgradeChaos` per device) */
  upgradeChaos?: UpgradeChaos
  /** how long flashing, rebooting and outages take; quick unless given (the CLI gives REALISTIC_UPGRADE_TIMINGS) */
  upgradeTimings?: VirtualDeviceOptions['upgradeTimings']
  /** how often each device tries to come online at start before the fleet gives up (once unless given) */
  startAttempts?: number
  /** at most this many image downloads at once across the fleet (one process's file descriptors) */
  downloadConcurrency?: number
  /** where the devices keep their identities between runs (created when missing) */
  identitiesFile?: string
}

export interface Fleet {
  devices: VirtualDevice[]
  stop(): Promise<void>
}

/** The management password of a virtual device: "admin" and the MAC's last four hex digits. */
export function simulatedPassword(mac: string): string {
  return `admin${mac.replace(/:/g, '').slice(-4).toLowerCase()}`
}

/** MACs spread over the chosen models' prefixes, the same for the same seed. */
export function fleetMacs(count: number, profiles: readonly DeviceProfile[], seed: number) {
  const random = seededRandom(seed)
  const base = Math.floor(random() * 0xfff000)
  return Array.from({ length: count }, (_, index) => {
    const profile = profiles[index % profiles.length]!
    const suffix = (base + index).toString(16).padStart(6, '0').slice(-6).toUpperCase()
    return { profile, mac: `${profile.macPrefix}:${suffix.match(/../g)!.join(':')}` }
  })
}

export function httpProvision(serverUrl: string, apiRoot = '/api'): Provision {
  return async (request) => {
    const response = await fetch(`${serverUrl.replace(/\/+$/, '')}${apiRoot}/device/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    })
    const envelope = (await response.json()) as {
      status: number
      errorCode: number[]
      data: RegistrationResponse
    }
    if (envelope.status === ErrorCode.DEVICE_ALREADY_BOUND)
      throw new Error(
        `${request.mac} is bound to an account and this fleet does not hold its secret: keep the ` +
          'identities with --identities FILE, or unbind the device in the console',
      )
    if (envelope.status !== 10000)
      throw new Error(`registration of ${request.mac} refused: ${envelope.errorCode.join(',')}`)
    return envelope.data
  }
}

/** Starts a fleet of virtual devices; `stop` shuts them down cleanly. */
export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31)
  const profiles = options.models
    ? PROFILES.filter((profile) => options.models!.includes(profile.model))
    : PROFILES
  if (profiles.length === 0) throw new Error(`no such models: ${options.models?.join(', ')}`)
  const provision =
    options.provision ?? httpProvision(options.serverUrl ?? 'http://127.0.0.1:8080', options.apiRoot)
  const downloadSlots = options.downloadConcurrency
    ? new DownloadSlots(options.downloadConcurrency)
    : undefined
  const identities = options.identitiesFile ? IdentityFile.load(options.identitiesFile) : undefined
  const devices = fleetMacs(options.count, profiles, seed).map(
    ({ profile, mac }, index) =>
      new VirtualDevice({
        mac,
        profile,
        account: 'admin',
        password: simulatedPassword(mac),
        provision,
        identity: identities?.get(mac),
        onIdentity: identities ? (identity) => identities.set(mac, identity) : undefined,
        mqttUrl: options.mqttUrl,
        telemetryIntervalSeconds: options.telemetryIntervalSeconds ?? 30,
        applyDelayMs: options.applyDelayMs ?? [150, 600],
        failureRate: options.failureRate ?? 0,
        random: seededRandom(seed + index + 1),
        commands: options.commands,
        jobHandlers: options.jobHandlers,
        ...(options.configBytes ? { configBytes: options.configBytes } : {}),
        upgradeChaos: options.upgradeChaos,
        upgradeTimings: options.upgradeTimings,
        ...(options.captiveTimings ? { captiveTimings: options.captiveTimings } : {}),
        downloadSlots,
        startAttempts: options.startAttempts,
      }),
  )
  const concurrency = options.concurrency ?? 200
  try {
    for (let start = 0; start < devices.length; start += concurrency) {
      await Promise.all(devices.slice(start, start + concurrency).map((device) => device.start()))
    }
  } finally {
    // Whatever registered is kept, even when a device further on was refused.
    await identities?.flush()
  }
  const stopChaos = startChaos(
    devices,
    {
      rebootsPerHour: options.rebootsPerHour ?? 0,
      dropsPerHour: options.dropsPerHour ?? 0,
      localChangesPerHour: options.localChangesPerHour ?? 0,
    },
    seededRandom(seed - 1),
  )
  return {
    devices,
    async stop() {
      stopChaos()
      // Every device stops even when one cannot say goodbye (its broker gone): that one's own
      // log says why.
      await Promise.all(
        devices.map((device) =>
          device
            .stop()
            .catch((error: Error) => device.log.write('canopy', `clean stop failed: ${error.message}`)),
        ),
      )
      await identities?.flush()
    },
  }
}
