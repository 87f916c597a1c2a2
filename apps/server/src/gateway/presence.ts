import { readDevicePayload, readStatus } from '@canopy/shared/protocol'
import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { deviceMetricsLatest, devices } from '../db/schema'
import { Coalesced } from '../lib/coalesced'
import { groupsOf } from '../lib/group-by'
import type { DeviceDirectory } from '../modules/devices/device-directory'
import type { DeviceEvents } from './device-events'
import { DeviceRefusal, payloadRefusal } from './device-refusals'

export const DEFAULT_TELEMETRY_INTERVAL = 30
/** A device is offline after this many missed telemetry intervals (and a little slack). */
const MISSED_INTERVALS = 3
const SLACK_SECONDS = 10
/** devices whose hearing one statement files */
const HEARD_SLICE = 500

/**
 * Online and offline (§4). The retained status a device publishes says online; its last will
 * says offline when the broker loses it. A half-open connection sends nothing: the watchdog
 * marks a device offline once it has missed three telemetry intervals.
 */
/** What a status changes of its device's row (a field it left out keeps its value). */
interface StatusWrite {
  deviceId: number
  state: string
  firmware: string | null
  telemetryInterval: number | null
  credential: string | null
  region: string | null
}

export class Presence {
  private watchdog: NodeJS.Timeout | undefined
  /** statuses filed together, one UPDATE a batch (a connect storm is thousands a minute) */
  private readonly writes = new Coalesced<StatusWrite, undefined>((batch) => this.file(batch))
  /** things heard from since the watchdog's last run (at most one entry a device) */
  private readonly heardSince = new Set<string>()

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
    await this.writes.submit({
      deviceId: device.id,
      state: status.state,
      firmware: status.firmware || null,
      telemetryInterval: status.telemetryInterval || null,
      credential: status.credential || null,
      region: status.region || null,
    })
    // Within this message's admission slot: in a connect storm, what coming online makes the
    // listeners do (pending settings, jobs, orders) is bounded with the statuses themselves.
    if (online) await this.deps.events.emitSettled('online', { deviceId: device.id, thing })
    else await this.deps.events.emitSettled('offline', { deviceId: device.id, reason: 'status' })
  }

  /** Files a batch of statuses in one UPDATE; of two for one device, the later one. */
  private async file(batch: StatusWrite[]): Promise<undefined[]> {
    const latest = [...new Map(batch.map((write) => [write.deviceId, write])).values()]
    const column = <K extends keyof StatusWrite>(key: K) => sql.param(latest.map((write) => write[key]))
    await this.deps.db.execute(sql`update devices d set
        status = v.state,
        status_changed_at = case when d.status = v.state then d.status_changed_at else now() end,
        last_seen_at = case when v.state = 'online' then now() else d.last_seen_at end,
        firmware = coalesce(v.firmware, d.firmware),
        telemetry_interval = coalesce(v.telemetry_interval, d.telemetry_interval),
        management_credential = coalesce(v.credential, d.management_credential),
        region = coalesce(v.region, d.region)
      from unnest(${column('deviceId')}::int[], ${column('state')}::text[], ${column('firmware')}::text[],
        ${column('telemetryInterval')}::int[], ${column('credential')}::text[], ${column('region')}::text[])
        as v(id, state, firmware, telemetry_interval, credential, region)
      where d.id = v.id`)
    return batch.map(() => undefined)
  }

  /**
   * Notes that the device sent something other than a status, taken or not: a device whose
   * telemetry waits in the server's queue, or was refused as overloaded, is alive, and must not
   * be taken offline for the server's own backlog. Filed (the latest-telemetry row's `heard_at`,
   * not the device row) at the watchdog's next run, 500 devices a statement.
   */
  heard(thing: string): void {
    this.heardSince.add(thing)
  }

  /**
   * Marks offline every online device that has been silent too long: neither heard (an online
   * status: `last_seen_at`; any other message: `heard_at`) nor its telemetry filed (the latest report's time)
   * within its missed intervals. Returns how many.
   */
  async expireSilent(): Promise<number> {
    if (this.heardSince.size > 0) {
      // In slices: one statement for ten thousand devices held the embedded database's one
      // session for ~150 ms, and the console's requests with it.
      const slices = groupsOf([...this.heardSince], HEARD_SLICE)
      this.heardSince.clear()
      for (const slice of slices)
        await this.deps.db
          .update(deviceMetricsLatest)
          .set({ heardAt: sql`now()` })
          .from(devices)
          .where(
            and(
              eq(devices.id, deviceMetricsLatest.deviceId),
              sql`${devices.thingName} = any(${sql.param(slice)}::text[])`,
              eq(devices.status, 'online'),
            ),
          )
    }
    // Joined, not a subquery per device: every device has its latest-telemetry row.
    const expired = await this.deps.db
      .update(devices)
      .set({ status: 'offline', statusChangedAt: sql`now()` })
      .from(deviceMetricsLatest)
      .where(
        and(
          eq(deviceMetricsLatest.deviceId, devices.id),
          eq(devices.status, 'online'),
          sql`greatest(${devices.lastSeenAt}, ${deviceMetricsLatest.at}, ${deviceMetricsLatest.heardAt}) < now() - make_interval(secs => coalesce(${devices.telemetryInterval}, ${DEFAULT_TELEMETRY_INTERVAL}) * ${MISSED_INTERVALS} + ${SLACK_SECONDS})`,
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
