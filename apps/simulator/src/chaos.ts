/** What chaos does to a device: reboots it, or cuts its power (it comes back a while later). */
export interface ChaosTarget {
  reboot(downMs?: number): Promise<void>
  drop(): void
  /** where a reboot that failed is written down (the device's own log) */
  log: { write(facility: string, message: string): void }
}

export interface ChaosRates {
  /** random reboots per device per hour */
  rebootsPerHour: number
  /** random power losses per device per hour */
  dropsPerHour: number
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
