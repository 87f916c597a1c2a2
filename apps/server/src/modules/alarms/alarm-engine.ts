import { UPGRADE_OPERATION } from '@canopy/shared/protocol'
import { type AlarmCategory, type AlarmRules, EVENT_CATEGORIES } from '@canopy/shared/validation'
import type { ChangeFeed } from '../../db/change-feed'
import type { Executor } from '../../db/client'
import type { DeviceEventMap, DeviceEvents } from '../../gateway/device-events'
import { Coalesced } from '../../lib/coalesced'
import type { Scheduler } from '../../scheduler/scheduler'
import type { DevicesService } from '../devices/devices.service'
import { type Reading, readTelemetry } from './alarm-conditions'
import type { AlarmNotifier } from './alarm-notifier'
import type { AlarmSettingsDirectory } from './alarm-settings-directory'
import { type AlarmRow, alarmsRepository, type NewPending } from './alarms.repository'

export const ALARM_FIRE_QUEUE = 'alarm-fire'
const MINUTE_MS = 60_000
const FAILED_STATUSES = new Set(['FAILED', 'TIMED_OUT', 'REJECTED'])
/** fire jobs claimed, and fired, as one batch at most */
const FIRE_BATCH = 500

interface DeviceRef {
  tenantId: number
  projectId: number | null
}
type OpenAlarm = { id: number | undefined; state: 'pending' | 'active' }

/**
 * Evaluates alarms as device events arrive (docs/ARCHITECTURE.md "Alarms"): no device is polled.
 *
 * - A report or event that breaks an enabled rule opens a *pending* row and queues a durable
 *   fire job for when the interval ends; a report that clears it first deletes the row, so a
 *   condition that does not hold the whole interval never fires (a device flapping every 30 s
 *   against a 3-minute interval never does).
 * - The fire job moves pending → active once (guarded by the row's state; at most one open row
 *   per device and category, by a unique index) and posts the message; while the device or a
 *   project above it is muted, the job waits for the mute's end.
 * - A clear reading of an active alarm recovers it and posts the recovery.
 *
 * What is in memory is only a cache of the open rows (to make a report that changes nothing cost
 * no query) and each device's last WAN IP; after `kill -9` the rows and the queued jobs are all
 * there is, and `start` re-queues each pending row's job and posts what was not posted.
 */
export class AlarmEngine {
  private readonly open = new Map<number, Map<AlarmCategory, OpenAlarm>>()
  private readonly lastWanIp = new Map<number, string>()
  private readonly devices = new Map<number, Promise<DeviceRef | undefined>>()
  private readonly idByThing = new Map<string, number>()
  /** transitions of one device run one after another (a report racing its predecessor's write) */
  private readonly chains = new Map<number, Promise<void>>()
  /**
   * The fire jobs the scheduler runs side by side (a claimed batch) fired together: one read, one
   * update and one message post for the batch. A batch that fails is fired alarm by alarm, so a
   * bad row fails only its own job (retried by the scheduler).
   */
  /** A burst of reports opens its pending rows in one insert, and queues their fire jobs in another. */
  private readonly opening = new Coalesced<NewPending, number | undefined>(async (batch) => {
    const opened = await alarmsRepository(this.deps.db).openPendingEach(batch)
    const idOf = new Map(opened.map((row) => [`${row.deviceId} ${row.category}`, row.id]))
    return batch.map((values) => idOf.get(`${values.deviceId} ${values.category}`))
  })
  private readonly fireJobs = new Coalesced<{ alarmId: number; at: Date }, void>(async (batch) => {
    await this.deps.scheduler.sendMany(
      ALARM_FIRE_QUEUE,
      batch.map(({ alarmId, at }) => ({
        data: { alarmId },
        options: {
          startAfter: at,
          singletonKey: `alarm-${alarmId}-${at.getTime()}`,
          retryLimit: 5,
          retryDelaySeconds: 5,
        },
      })),
    )
    return batch.map(() => undefined)
  })
  private readonly firing = new Coalesced<number, void>(
    async (alarmIds) => {
      await this.fireDue(alarmIds)
      return alarmIds.map(() => undefined)
    },
    FIRE_BATCH,
    { gatherTurn: true },
  )

  constructor(
    private readonly deps: {
      db: Executor
      events: DeviceEvents
      scheduler: Scheduler
      changes: ChangeFeed
      devices: Pick<DevicesService, 'findById' | 'findByIds'>
      settings: AlarmSettingsDirectory
      notifier: AlarmNotifier
      reportError: (error: unknown, what: string) => void
      now?: () => Date
    },
  ) {
    deps.changes.onChange((event) => {
      if (event.kind !== 'device') return
      const id = this.idByThing.get(event.thing)
      if (id !== undefined) this.devices.delete(id)
    })
  }

  async start(): Promise<void> {
    const repository = alarmsRepository(this.deps.db)
    for (const row of await repository.open()) this.remember(row.deviceId, row.category as AlarmCategory, row)
    await this.deps.scheduler.work<{ alarmId: number }>(
      ALARM_FIRE_QUEUE,
      (job) => this.firing.submit(job.data.alarmId),
      // A claimed batch fires as one: 1,000 alarms at once are two fetches, not ten.
      { batchSize: FIRE_BATCH },
    )
    const { events } = this.deps
    events.on('telemetry', (event) => this.onTelemetry(event))
    events.on('offline', (event) => this.onOffline(event))
    events.on('online', (event) => this.onOnline(event))
    events.on('jobExecutionUpdated', (event) => this.onJobExecution(event))
    events.on('drift', (event) => this.onDrift(event))
    await this.resume()
  }

  onTelemetry({ deviceId, thing, telemetry }: DeviceEventMap['telemetry']): Promise<void> {
    this.idByThing.set(thing, deviceId)
    const ip = telemetry.wan?.ip || undefined
    const previous = this.lastWanIp.get(deviceId)
    if (ip !== undefined) this.lastWanIp.set(deviceId, ip)
    return this.evaluate(deviceId, (rules) => [
      // A report is the device being there: an offline condition clears.
      { category: 'offline', breached: false },
      ...(rules ? readTelemetry(rules, telemetry, previous) : []),
    ])
  }

  onOffline({ deviceId }: DeviceEventMap['offline']): Promise<void> {
    return this.evaluate(deviceId, (rules) => [
      { category: 'offline', breached: rules?.offline.enabled ?? false },
    ])
  }

  onOnline({ deviceId, thing }: DeviceEventMap['online']): Promise<void> {
    this.idByThing.set(thing, deviceId)
    return this.evaluate(deviceId, () => [{ category: 'offline', breached: false }])
  }

  /**
   * Drift is a condition like offline: a device drifted opens it (it fires once it held the
   * interval), back in line (accepted, put back, restored) drops or recovers it.
   */
  onDrift({ deviceId, drifted }: DeviceEventMap['drift']): Promise<void> {
    return this.evaluate(deviceId, (rules) => [
      { category: 'drift', breached: drifted && (rules?.drift.enabled ?? false) },
    ])
  }

  /** An upgrade job that failed opens `upgrade_failed` at once; one that succeeded recovers it. */
  async onJobExecution({
    deviceId,
    operation,
    execution,
  }: DeviceEventMap['jobExecutionUpdated']): Promise<void> {
    if (operation !== UPGRADE_OPERATION) return
    if (execution.status === 'SUCCEEDED') {
      return this.evaluate(deviceId, () => [{ category: 'upgrade_failed', breached: false }])
    }
    if (!FAILED_STATUSES.has(execution.status)) return
    const reason = execution.statusDetails?.reason
    return this.evaluate(deviceId, (rules) => [
      {
        category: 'upgrade_failed',
        breached: rules?.upgrade_failed.enabled ?? false,
        detail: typeof reason === 'string' ? reason.slice(0, 200) : execution.status,
      },
    ])
  }

  /** Posts what a killed process did not, and times every pending row again (their jobs are keyed: no double). */
  private async resume(): Promise<void> {
    const rows = await alarmsRepository(this.deps.db).unfinished()
    for (const row of rows) if (row.state === 'pending') await this.scheduleFire(row.id, row.fireAt)
    const unposted = rows.filter((row) => row.state !== 'pending')
    await this.deps.notifier.tell(
      unposted.filter((row) => !row.notified),
      'fired',
    )
    await this.deps.notifier.tell(
      unposted.filter((row) => row.notified),
      'recovered',
    )
  }

  /**
   * Reads what the event says against the device's rules and moves what changed. The common case
   * — a report that changes nothing — costs two map lookups and no query.
   */
  private async evaluate(
    deviceId: number,
    read: (rules: AlarmRules | undefined) => Reading[],
  ): Promise<void> {
    const device = await this.device(deviceId)
    if (!device) return
    const openOfDevice = this.open.get(deviceId)
    if (!openOfDevice && !(await this.deps.settings.any(device.tenantId))) return
    const setting = await this.deps.settings.effective(device.tenantId, {
      deviceId,
      projectId: device.projectId,
    })
    const moves: Array<Promise<void>> = []
    for (const reading of read(setting.rules)) {
      const open = this.open.get(deviceId)?.get(reading.category)
      if (reading.breached === (open !== undefined)) continue
      // A WAN IP change stays until acknowledged: no report clears it.
      if (!reading.breached && reading.category === 'wan_ip_changed') continue
      moves.push(this.inTurn(deviceId, () => this.move(deviceId, device, reading, setting.rules)))
    }
    await Promise.all(moves)
  }

  private async move(deviceId: number, device: DeviceRef, reading: Reading, rules: AlarmRules | undefined) {
    const repository = alarmsRepository(this.deps.db)
    const open = this.open.get(deviceId)?.get(reading.category)
    if (reading.breached && !open && rules) {
      const now = this.now()
      const event = EVENT_CATEGORIES.includes(reading.category)
      const fireAt = new Date(now.getTime() + (event ? 0 : rules[reading.category].interval * MINUTE_MS))
      const id = await this.opening.submit({
        tenantId: device.tenantId,
        deviceId,
        category: reading.category,
        value: reading.value,
        threshold: reading.threshold,
        detail: reading.detail,
        pendingSince: now,
        fireAt,
      })
      if (id === undefined) {
        // Another instance (or a previous life of this one) opened it: take its row as it is.
        const row = await repository.openOf(deviceId, reading.category)
        if (row) this.remember(deviceId, reading.category, row)
        return
      }
      this.remember(deviceId, reading.category, { id, state: 'pending' })
      await this.scheduleFire(id, fireAt)
      return
    }
    if (!reading.breached && open?.id !== undefined) {
      this.forget(deviceId, reading.category)
      // A pending row the fire job fired meanwhile is recovered like any active one.
      if (open.state === 'pending' && (await repository.dropPending(open.id))) return
      const recovered = await repository.recover(open.id, this.now())
      if (recovered) await this.deps.notifier.tell([recovered], 'recovered')
    }
  }

  /**
   * The fire jobs of a batch: each pending alarm moves to active once its interval has passed, the
   * rule still on and no mute (jobs of alarms dropped or posted meanwhile do nothing). An alarm
   * fired whose message a failed attempt did not post is posted by the job's next attempt (or by
   * the batch's alarm-by-alarm retry), not left for the next start. Every device of the batch
   * waits for its earlier transitions, and its later ones wait for the batch.
   */
  async fireDue(alarmIds: number[]): Promise<void> {
    const repository = alarmsRepository(this.deps.db)
    const seen = await repository.unsettledOf(alarmIds)
    if (seen.length === 0) return
    await this.inTurnAll(
      seen.map((row) => row.deviceId),
      // Read again in turn: an earlier move of these devices may have fired or posted them.
      async () => this.fire(await repository.unsettledOf(alarmIds)),
    )
  }

  private async fire(unsettled: AlarmRow[]): Promise<void> {
    const rows = unsettled.filter((row) => row.state === 'pending')
    const unposted = unsettled.filter((row) => row.state !== 'pending')
    const repository = alarmsRepository(this.deps.db)
    const devices = new Map(
      (await this.deps.devices.findByIds(rows.map((row) => row.deviceId))).map((device) => [
        device.id,
        device,
      ]),
    )
    const now = this.now()
    const due: number[] = []
    for (const row of rows) {
      const category = row.category as AlarmCategory
      const device = devices.get(row.deviceId)
      const setting =
        device && device.tenantId === row.tenantId
          ? await this.deps.settings.effective(row.tenantId, {
              deviceId: device.id,
              projectId: device.projectId,
            })
          : undefined
      if (!setting?.rules?.[category].enabled) {
        await repository.dropPending(row.id)
        this.forget(row.deviceId, category)
        continue
      }
      const wait = Math.max(row.fireAt.getTime(), setting.mutedUntil?.getTime() ?? 0)
      if (wait > now.getTime()) {
        await repository.postpone(row.id, new Date(wait))
        await this.scheduleFire(row.id, new Date(wait))
        continue
      }
      due.push(row.id)
    }
    const fired = await repository.fire(due, now)
    for (const row of fired) this.remember(row.deviceId, row.category as AlarmCategory, row)
    await this.deps.notifier.tell([...unposted, ...fired], 'fired')
  }

  private scheduleFire(alarmId: number, at: Date): Promise<void> {
    return this.fireJobs.submit({ alarmId, at })
  }

  private device(deviceId: number): Promise<DeviceRef | undefined> {
    let entry = this.devices.get(deviceId)
    if (!entry) {
      entry = this.deps.devices
        .findById(deviceId)
        .then((row) => (row?.tenantId ? { tenantId: row.tenantId, projectId: row.projectId } : undefined))
      entry.catch(() => this.devices.delete(deviceId))
      this.devices.set(deviceId, entry)
    }
    return entry
  }

  /**
   * Runs the device's transitions one after another. A failed one leaves the memory unsure, so the
   * device's open rows are read again before its next transition; the failure goes to the caller.
   */
  private inTurn<T>(deviceId: number, work: () => Promise<T>): Promise<T> {
    const result = (this.chains.get(deviceId) ?? Promise.resolve()).then(work)
    this.chainAfter(deviceId, result)
    return result
  }

  /** Runs `work` once every device's earlier transitions are done; their later ones wait for it. */
  private inTurnAll<T>(deviceIds: number[], work: () => Promise<T>): Promise<T> {
    const unique = [...new Set(deviceIds)]
    const result = Promise.all(unique.map((id) => this.chains.get(id))).then(work)
    for (const deviceId of unique) this.chainAfter(deviceId, result)
    return result
  }

  /** The device's next transition waits for `result` (and, if it failed, for its open rows read again). */
  private chainAfter(deviceId: number, result: Promise<unknown>): void {
    const tail: Promise<void> = result.then(
      () => undefined,
      () =>
        this.reload(deviceId).catch((error: unknown) => this.deps.reportError(error, 'alarm state reload')),
    )
    this.chains.set(deviceId, tail)
    void tail.finally(() => {
      if (this.chains.get(deviceId) === tail) this.chains.delete(deviceId)
    })
  }

  private async reload(deviceId: number): Promise<void> {
    this.open.delete(deviceId)
    for (const row of await alarmsRepository(this.deps.db).openOfDevice(deviceId))
      this.remember(deviceId, row.category as AlarmCategory, row)
  }

  private remember(deviceId: number, category: AlarmCategory, row: { id: number; state: string }): void {
    if (row.state !== 'pending' && row.state !== 'active') return
    const ofDevice = this.open.get(deviceId) ?? new Map<AlarmCategory, OpenAlarm>()
    this.open.set(deviceId, ofDevice)
    ofDevice.set(category, { id: row.id, state: row.state })
  }

  private forget(deviceId: number, category: AlarmCategory): void {
    const ofDevice = this.open.get(deviceId)
    ofDevice?.delete(category)
    if (ofDevice?.size === 0) this.open.delete(deviceId)
  }

  /** Open alarms as the engine sees them (tests). */
  openOf(deviceId: number): ReadonlyMap<AlarmCategory, OpenAlarm> {
    return this.open.get(deviceId) ?? new Map()
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date()
  }
}
