import { isDeepStrictEqual } from 'node:util'
import { ErrorCode } from '@canopy/shared/errors'
import { computeDelta, isJsonObject, type JsonObject, mergeState } from '@canopy/shared/protocol'
import { type SettingsSection, settingsSections } from '@canopy/shared/validation'
import type { Database } from '../../db/client'
import type { DeviceEvents } from '../../gateway/device-events'
import type { ShadowDocument, ShadowService } from '../../gateway/shadow/shadow.service'
import { AppError } from '../../http/app-error'
import { type Coalesced, coalescedRows } from '../../lib/coalesced'
import { groupedWritesByKey } from '../../lib/in-rounds'
import type { Principal } from '../auth/principal'
import type { DeviceRow } from '../devices/devices.repository'
import type { DevicesService } from '../devices/devices.service'
import { asReported, withoutSecrets } from '../settings/secrets'
import type { SettingsService } from '../settings/settings.service'
import { type BaselineAt, type BaselineRow, backupsRepository } from './backups.repository'

/** optimistic tries of a baseline save before it takes the row's lock */
const OPTIMISTIC_ATTEMPTS = 3

/** What a device reports that is not configuration: its firmware (upgrades change it) and refusals. */
const NOT_CONFIGURATION = new Set(['firmware', 'failure'])

/** A device's reported state as configuration. */
export function configurationOf(reported: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(reported).filter(([key]) => !NOT_CONFIGURATION.has(key)))
}

/** The leaves of `desired` that `reported` shows with the same value: what Canopy set and the device applied. */
export function appliedPart(desired: JsonObject, reported: JsonObject): JsonObject {
  const applied: JsonObject = {}
  for (const [key, value] of Object.entries(desired)) {
    const actual = reported[key]
    if (isJsonObject(value)) {
      if (!isJsonObject(actual)) continue
      const inner = appliedPart(value, actual)
      if (Object.keys(inner).length > 0) applied[key] = inner
    } else if (JSON.stringify(value) === JSON.stringify(actual)) applied[key] = value
  }
  return applied
}

/** The values of `source` at the paths `shape` names (its leaves' values ignored). */
export function valuesAt(shape: JsonObject, source: JsonObject): JsonObject {
  const out: JsonObject = {}
  for (const [key, value] of Object.entries(shape)) {
    const actual = source[key]
    if (isJsonObject(value) && isJsonObject(actual)) out[key] = valuesAt(value, actual)
    else if (actual !== undefined) out[key] = actual
    else out[key] = null
  }
  return out
}

/**
 * Drift (issue 14): a device whose running configuration no longer matches what Canopy last set.
 * The baseline is the configuration the device first reported, then every value Canopy set that
 * the device applied (a settings change in sync, a restore, an accepted drift). After each shadow
 * update the baseline's values the device reports otherwise are the drift, kept with the device
 * so the list can filter on it. Secrets count through the hashes devices report. A change of
 * the drift's state (drifted, back in line) is told on the device-event bus (`drift`: alarms).
 */
export class ConfigDrift {
  /**
   * Every shadow update reads its device's tenant and baseline: the reads of updates followed
   * side by side go in one statement each (a fleet reports together after a reboot).
   */
  private readonly tenants: Coalesced<number, DeviceRow[]>
  private readonly baselines: Coalesced<number, BaselineRow[]>
  /** Optimistic saves arriving together, in one statement: every device of a rollout moves its baseline. */
  private readonly saves: (save: BaselineAt) => Promise<boolean>

  constructor(
    private readonly deps: {
      db: Database
      shadows: ShadowService
      devices: DevicesService
      settings: SettingsService
      events: DeviceEvents
    },
  ) {
    this.tenants = coalescedRows(
      (deviceIds) => deps.devices.findByIds(deviceIds),
      (device) => device.id,
    )
    this.baselines = coalescedRows(
      (deviceIds) => backupsRepository(deps.db).baselinesOf(deviceIds),
      (row) => row.deviceId,
    )
    this.saves = groupedWritesByKey(
      (save: BaselineAt) => save.row.deviceId,
      (round) => backupsRepository(deps.db).saveBaselinesIfAt(round),
      { max: 200 },
    )
    deps.events.on('shadowUpdated', ({ deviceId, document }) => this.follow(deviceId, document))
  }

  /** Moves the baseline on by what Canopy set and the device applied, and files the drift. */
  async follow(deviceId: number, document: ShadowDocument): Promise<void> {
    const reported = configurationOf(document.state.reported)
    if (Object.keys(reported).length === 0) return
    const [device] = await this.tenants.submit(deviceId)
    if (!device) return
    const tenantId = device.tenantId
    const next = (row: BaselineRow | undefined) => {
      const baseline = row
        ? mergeState(row.baseline as JsonObject, appliedPart(asReported(document.state.desired), reported))
        : reported
      const drift = computeDelta(baseline, reported)
      return { baseline, drift: Object.keys(drift).length > 0 ? drift : null }
    }
    const moved = await this.moveBaseline(deviceId, tenantId, next)
    if (moved && moved.was !== moved.is) this.deps.events.emit('drift', { deviceId, drifted: moved.is })
  }

  /**
   * Saves the baseline and drift `next` makes of the stored ones; whether the device drifted before
   * and after, or undefined when nothing moved. Most updates move nothing (the cloud's own desired
   * change, a report of what was set before): read without a lock and stop there. What moved is
   * saved only if the row is still as read, else read again; under contention, the row's lock.
   * Every shadow update of a rollout comes through here.
   */
  private async moveBaseline(
    deviceId: number,
    tenantId: number | null,
    next: (row: BaselineRow | undefined) => { baseline: JsonObject; drift: JsonObject | null },
  ): Promise<{ was: boolean; is: boolean } | undefined> {
    for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS; attempt++) {
      const [stored] = await this.baselines.submit(deviceId)
      const { baseline, drift } = next(stored)
      const same = { baseline: stored?.baseline, drift: stored?.drift }
      if (stored?.tenantId === tenantId && isDeepStrictEqual({ baseline, drift }, same)) return undefined
      const row = { deviceId, tenantId, baseline, drift }
      if (await this.saves({ row, read: stored })) return { was: stored?.drift != null, is: drift !== null }
    }
    return this.deps.db.transaction(async (tx) => {
      const repository = backupsRepository(tx)
      const row = await repository.baseline(deviceId, true)
      const { baseline, drift } = next(row)
      await repository.saveBaseline({ deviceId, tenantId, baseline, drift })
      return { was: row?.drift != null, is: drift !== null }
    })
  }

  /** A device's drift: the values Canopy set and what the device runs instead (no secrets). */
  async state(principal: Principal, id: number) {
    const [device] = await this.deps.devices.requireDevices(principal, [id])
    const row = await backupsRepository(this.deps.db).baseline(device!.id)
    const drift = (row?.drift ?? null) as JsonObject | null
    if (!drift) return { drifted: false, expected: {}, running: {}, sections: [] }
    const shadow = await this.deps.shadows.read(device!.id)
    return {
      drifted: true,
      expected: withoutSecrets(drift),
      running: withoutSecrets(valuesAt(drift, configurationOf(shadow?.state.reported ?? {}))),
      sections: Object.keys(drift),
      secrets_changed: JSON.stringify(drift).includes('Hash"'),
    }
  }

  /**
   * "Accept as desired": what the device runs becomes what Canopy set. Desired values that would
   * otherwise send the device back (on its next connect) take the running values.
   */
  async accept(principal: Principal, id: number): Promise<void> {
    const [device] = await this.deps.devices.requireDevices(principal, [id])
    await this.adopt(device!.id, device!.thingName)
  }

  /** After a restore (or an accept): the running configuration is the baseline, desired follows it. */
  async adopt(deviceId: number, thing: string): Promise<void> {
    const shadow = await this.deps.shadows.read(deviceId)
    const reported = configurationOf(shadow?.state.reported ?? {})
    const conflicting = computeDelta(withoutSecrets(shadow?.state.desired ?? {}), reported)
    if (Object.keys(conflicting).length > 0)
      await this.deps.shadows.updateDesired(thing, valuesAt(conflicting, reported))
    const device = await this.deps.devices.findById(deviceId)
    if (!device) return
    const repository = backupsRepository(this.deps.db)
    const was = (await repository.baseline(deviceId))?.drift != null
    await repository.saveBaseline({ deviceId, tenantId: device.tenantId, baseline: reported, drift: null })
    if (was) this.deps.events.emit('drift', { deviceId, drifted: false })
  }

  /**
   * "Put back": the drifted values go to the device again through the settings sync, one change
   * per section (each with its own progress in the operation log). A drifted secret cannot be
   * sent back from its hash: it needs a restore.
   */
  async putBack(principal: Principal, id: number): Promise<{ operation_ids: number[] }> {
    const [device] = await this.deps.devices.requireDevices(principal, [id])
    const row = await backupsRepository(this.deps.db).baseline(device!.id)
    const drift = (row?.drift ?? null) as JsonObject | null
    if (!drift) throw new AppError(ErrorCode.DATA_NOT_FOUND)
    const changes = Object.entries(withoutSecrets(drift)).filter(
      (entry): entry is [SettingsSection, JsonObject] =>
        (settingsSections as readonly string[]).includes(entry[0]) &&
        isJsonObject(entry[1]) &&
        Object.keys(entry[1]).length > 0,
    )
    if (changes.length === 0) throw new AppError(ErrorCode.UNSUPPORTED_FEATURE)
    const operationIds: number[] = []
    for (const [section, values] of changes) {
      const { operation_id } = await this.deps.settings.apply(principal, [device!.id], {
        section,
        values,
        action: `device.putback.${section}`,
        rule: section === 'wifi' ? 'wifi' : 'settings',
      })
      operationIds.push(operation_id)
    }
    return { operation_ids: operationIds }
  }

  async driftedIds(tenantId: number): Promise<number[]> {
    return backupsRepository(this.deps.db).driftedIds(tenantId)
  }

  /** Whether each of these devices the caller sees drifted (others left out). */
  async visibleDrift(principal: Principal, ids: number[]): Promise<Map<number, boolean>> {
    const visible = await this.deps.devices.visibleAmong(principal, ids)
    return backupsRepository(this.deps.db).driftOf([...visible])
  }
}
