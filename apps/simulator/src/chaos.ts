/** What chaos does to a device: reboots it, or cuts its power (it comes back a while later). */
export interface ChaosTarget {
  reboot(downMs?: number): Promise<void>
  drop(): void
  /** a change made on the device itself (issue 14: drift the cloud should notice) */
  changeLocally?(patch: { wifi: { '2g': { ssid: string } } }): Promise<void>
  /** where a reboot that failed is written down (the device's own log) */
  log: { write(facility: string, message: string): void }
}

export interface ChaosRates {
  /** random reboots per device per hour */
  rebootsPerHour: number
  /** random power losses per device per hour */
  dropsPerHour: number
  /** changes made on the device itself (its 2.4 GHz SSID) per device per hour */
  localChangesPerHour?: number
}

/** A device that lost power is back after 5 to 30 s. */
const POWER_BACK_MS: readonly [number, number] = [5000, 30_000]

/**
 * Once a minute, each device may reboot or lose power, at the given hourly rates, drawn from
 * the seeded `random`, so the same seed gives the same trouble. Returns a stop function.
 */
export function startChaos(
  devices: readonly ChaosTarget[],
  rates: ChaosRates,
  random: () => number,
): () => void {
  const returning = new Set<NodeJS.Timeout>()
  const timer = setInterval(() => {
    for (const device of devices) {
      const roll = random()
      if (roll < rates.rebootsPerHour / 60) void device.reboot().catch(rebootFailed(device))
      else if (roll < (rates.rebootsPerHour + rates.dropsPerHour) / 60) {
        device.drop()
        const [low, high] = POWER_BACK_MS
        const back = setTimeout(
          () => {
            returning.delete(back)
            void device.reboot(0).catch(rebootFailed(device))
          },
          low + random() * (high - low),
        )
        back.unref()
        returning.add(back)
      }
      if (device.changeLocally && random() < (rates.localChangesPerHour ?? 0) / 60) {
        const ssid = `Local-${Math.floor(random() * 0xffff).toString(16)}`
        void device
          .changeLocally({ wifi: { '2g': { ssid } } })
          .catch((error: Error) => device.log.write('canopy', `local change not reported: ${error.message}`))
      }
    }
  }, 60_000)
  timer.unref()
  return () => {
    clearInterval(timer)
    for (const back of returning) clearTimeout(back)
    returning.clear()
  }
}

const rebootFailed = (device: ChaosTarget) => (error: Error) =>
  device.log.write('kernel', `reboot failed: ${error.message}`)

/** What can go wrong with one firmware upgrade (docs/protocol.md, "Firmware upgrade"). */
export type UpgradeTrouble =
  /** every download attempt breaks half-way: the device gives up with `download_failed` */
  | 'download-failure'
  /** a byte arrives flipped: the image's sha256 does not match, `checksum_mismatch` */
  | 'bad-checksum'
  /** power goes mid-flash: the device boots its old firmware and does not claim success */
  | 'power-loss'
  /** the device drops off the network during the download for a while, then resumes it (Range) */
  | 'offline'

/** The share of upgrades each trouble strikes (0 to 1 each; their sum at most 1). */
export type UpgradeChaos = Partial<Record<UpgradeTrouble, number>>

export const UPGRADE_TROUBLES: readonly UpgradeTrouble[] = [
  'download-failure',
  'bad-checksum',
  'power-loss',
  'offline',
]

/** The trouble one upgrade meets, if any, drawn from the device's seeded `random`. */
export function drawUpgradeTrouble(chaos: UpgradeChaos, random: () => number): UpgradeTrouble | undefined {
  let roll = random()
  for (const trouble of UPGRADE_TROUBLES) {
    roll -= chaos[trouble] ?? 0
    if (roll < 0) return trouble
  }
  return undefined
}

/** Reads `download-failure=0.05,offline=0.1` (the CLI's --upgrade-chaos). */
export function parseUpgradeChaos(text: string): UpgradeChaos {
  const chaos: UpgradeChaos = {}
  for (const pair of text.split(',').filter(Boolean)) {
    const [name, value] = pair.split('=')
    const share = Number(value)
    if (!UPGRADE_TROUBLES.includes(name as UpgradeTrouble) || !(share >= 0 && share <= 1))
      throw new Error(
        `--upgrade-chaos: ${pair} is not one of ${UPGRADE_TROUBLES.join(', ')} = a share 0 to 1`,
      )
    chaos[name as UpgradeTrouble] = share
  }
  return chaos
}
