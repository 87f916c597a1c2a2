import { readDevicePayload, readStatus } from '@canopy/shared/protocol'
import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { deviceMetricsLatest, devices } from '../db/schema'
import type { DeviceDirectory } from '../modules/devices/device-directory'
import type { DeviceEvents } from './device-events'
import { DeviceRefusal, payloadRefusal } from './device-refusals'

export const DEFAULT_TELEMETRY_INTERVAL = 30
/** A device is offline after this many missed telemetry intervals (and a little slack). */
const MISSED_INTERVALS = 3
const SLACK_SECONDS = 10

/**
 * Online and offline (§4). The retained status a device publishes says online; its last will
 * says offline when the broker loses it. A half-open connection sends nothing: the watchdog
 * marks a device offline once it has missed three telemetry intervals.
 */
export class Presence {
  private watchdog: NodeJS.Timeout | undefined

  constructor(
    private readonly deps: {
      db: Database
      directory: DeviceDirectory
      /** `online` and `offline` go out here (pending settings and jobs go out on `online`) */
      events: DeviceEvents
      /** a status taken without the fields that broke their rule (they keep their last value) */
      onFieldsRefused: (thing: string, fields: string[]) => void
    },
  ) {}

  /** Files a device's status; refuses (throws a DeviceRefusal) what it cannot take. */
  async handleStatus(thing: string, payload: Buffer): Promise<void> {
    const read = readDevicePayload(payload)
    if (!read.ok) throw payloadRefusal(read.problem)
    const reading = readStatus(read.value)
    if (!reading) throw new DeviceRefusal('malformed', 'not a status message')
    const device = await this.deps.directory.find(thing)
    if (!device) throw new DeviceRefusal('unknown-device', 'no such device')
    const { status, refused } = reading
    if (refused.length > 0) this.deps.onFieldsRefused(thing, refused)
    const online = status.state === 'online'
    await this.deps.db
      .update(devices)
      .set({
        status: status.state,
        statusChangedAt: sql`case when ${devices.status} = ${status.state} then ${devices.statusChangedAt} else now() end`,
        ...(online ? { lastSeenAt: sql`now()` } : {}),
        ...(status.firmware ? { firmware: status.firmware } : {}),
        ...(status.telemetryInterval ? { telemetryInterval: status.telemetryInterval } : {}),
        ...(status.credential ? { managementCredential: status.credential } : {}),
        ...(status.region ? { region: status.region } : {}),
      })
      .where(eq(devices.id, device.id))
    if (online) this.deps.events.emit('online', { deviceId: device.id, thing })
    else this.deps.events.emit('offline', { deviceId: device.id, reason: 'status' })
  }

  /**
   * Marks offline every online device that has been silent too long: neither an online status
   * (`last_seen_at`) nor telemetry (the latest report's time) within its missed intervals.
   * Returns how many.
   */
  async expireSilent(): Promise<number> {
    // Joined, not a subquery per device: every device has its latest-telemetry row.
    const expired = await this.deps.db
      .update(devices)
      .set({ status: 'offline', statusChangedAt: sql`now()` })
      .from(deviceMetricsLatest)
      .where(
        and(
          eq(deviceMetricsLatest.deviceId, devices.id),
          eq(devices.status, 'online'),
          sql`greatest(${devices.lastSeenAt}, ${deviceMetricsLatest.at}) < now() - make_interval(secs => coalesce(${devices.telemetryInterval}, ${DEFAULT_TELEMETRY_INTERVAL}) * ${MISSED_INTERVALS} + ${SLACK_SECONDS})`,
        ),
      )
      .returning({ id: devices.id })
    for (const { id } of expired) this.deps.events.emit('offline', { deviceId: id, reason: 'silent' })
    return expired.length
  }

  /** Runs `expireSilent` every `everyMs`; a failed run is reported (at most one line a run). */
  startWatchdog(onError: (error: unknown) => void, everyMs = 10_000): void {
    this.watchdog = setInterval(() => void this.expireSilent().catch(onError), everyMs)
    this.watchdog.unref()
  }

  stop(): void {
    clearInterval(this.watchdog)
  }
}
