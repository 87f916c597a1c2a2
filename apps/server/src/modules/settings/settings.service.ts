import type { DeviceAction } from '@canopy/shared/batch-rules'
import { ErrorCode } from '@canopy/shared/errors'
import { computeDelta, isJsonObject, type JsonObject, wifiOptionsFor } from '@canopy/shared/protocol'
import type { SettingsSection } from '@canopy/shared/validation'
import type { Database, Executor } from '../../db/client'
import type { DeviceEvents } from '../../gateway/device-events'
import type { ShadowDocument, ShadowService } from '../../gateway/shadow/shadow.service'
import { ShadowRefusal } from '../../gateway/shadow/shadow-requests'
import { AppError } from '../../http/app-error'
import { type Coalesced, coalescedRows } from '../../lib/coalesced'
import { eachConcurrently } from '../../lib/concurrency'
import type { Principal } from '../auth/principal'
import { requireBatch } from '../devices/batch-check'
import type { DeviceRow } from '../devices/devices.repository'
import type { DevicesService } from '../devices/devices.service'
import type { ProductRow } from '../devices/products.repository'
import { reasonText } from '../operations/executions'
import { actorOf, type OperationActor, type OperationLog } from '../operations/operation-log'
import { checkAgainstModel, productOptionsOf } from './model-limits'
import { asReported, pendingDelta, secretScrub, withoutSecrets } from './secrets'
import { type SettingsRow, settingsRepository } from './settings.repository'

/** devices reminded at once after a start */
const RESUME_AT_ONCE = 16

/** The shared batch rules a settings change can follow (packages/shared/src/batch-rules.ts). */
export type SettingsRule = Extract<DeviceAction, 'wifi' | 'timedReboot' | 'led' | 'settings'>

/** A section the settings sync carries: a detail tab's, or the portal (modules/portal sets it). */
export type SyncedSection = SettingsSection | 'portal'

export interface SettingsChange {
  section: SyncedSection
  values: JsonObject
  /** the operation log's name for it, e.g. device.setwifi */
  action: string
  /** the batch rule it follows; its route declares that rule's permission (ACTION_PERMISSIONS) */
  rule: SettingsRule
}

/**
 * Device settings travel as the shadow's `desired` state (docs/protocol.md): a change made while
 * the device is offline waits and goes out when it reconnects. Each section of each device moves
 * pending (offline) → applying → in sync, or failed with the device's reason, and can be retried
 * or reverted. Secrets go to the device in desired, come back only as hashes, and are removed
 * from desired once applied.
 */
export class SettingsService {
  /**
   * Devices whose shadow version a batch change (applySections) stored and already found nothing
   * to settle on, while it tells them: their `shadowUpdated` of that version is not followed again.
   */
  private readonly checkedInBatch = new Map<number, number>()
  /**
   * Each device's sections on their way to it, read for every shadow update and every device
   * online: the reads of events followed side by side go in one statement.
   */
  private readonly unsettledReads: Coalesced<number, SettingsRow[]>

  constructor(
    private readonly deps: {
      db: Database
      shadows: ShadowService
      devices: DevicesService
      log: OperationLog
      /** a failure after the change was stored: the devices hear of it when next seen online */
      reportError: (error: unknown, what: string) => void
      /** every shadow update settles what the device now reports; a device online gets what waited */
      events: DeviceEvents
    },
  ) {
    this.unsettledReads = coalescedRows(
      (deviceIds) => settingsRepository(deps.db).unsettledOf(deviceIds),
      (row) => row.deviceId,
    )
    deps.events.on('shadowUpdated', ({ deviceId, document }) => this.follow(deviceId, document))
    deps.events.on('online', ({ deviceId }) => this.deviceOnline(deviceId))
  }

  /**
   * Applies a change to devices, under the shared batch rules (§4, §5): a batch needs every
   * device online and, for settings that depend on the model (WiFi), every device of one model.
   */
  async apply(
    principal: Principal,
    ids: number[],
    change: SettingsChange,
  ): Promise<{ operation_id: number }> {
    const devices = await this.deps.devices.requireDevices(principal, ids)
    requireBatch(principal, change.rule, devices)
    const [operationId] = await this.applySections(actorOf(principal), devices, [change])
    return { operation_id: operationId! }
  }

  /**
   * Several sections to devices as one unit (a configuration template): the caller chose the
   * devices and checked its rules; every section is checked against every device's model first,
   * then the desired state, one operation per section and their sync state commit together or
   * not at all. Returns each section's operation, in the order of `changes`.
   */
  async applySections(
    actor: OperationActor,
    devices: DeviceRow[],
    changes: SettingsChange[],
    options: {
      /** the caller's own records of the change (what template a device got), in its transaction */
      alsoInTransaction?: (tx: Executor, operationIds: number[]) => Promise<void>
    } = {},
  ): Promise<number[]> {
    const refused = await this.unfit(devices, changes)
    const [refusal] = refused.values()
    if (refusal) throw refusal

    // A batch is all online (checked by the caller); a single device may wait offline for its change.
    const status = devices.every((device) => device.status === 'online') ? 'IN_PROGRESS' : 'QUEUED'
    const desired: JsonObject = {}
    for (const change of changes) desired[change.section] = change.values
    // One unit of work: the desired state, the operations' records and each section's sync state
    // commit together or not at all; the devices hear of it only after the commit.
    const { operationIds, stored } = await this.deps.db.transaction(async (tx) => {
      const stored = await this.deps.shadows
        .storeDesiredMany(
          tx,
          devices.map((device) => ({ thing: device.thingName, deviceId: device.id })),
          desired,
        )
        .catch((error: unknown) => {
          // A device's shadow cannot take it (over AWS's 8 KB or 6 levels): nothing is stored.
          throw error instanceof ShadowRefusal ? new AppError(ErrorCode.INVALID_PARAMETER) : error
        })
      const operationIds: number[] = []
      for (const change of changes) {
        const before = (device: DeviceRow) => reportedSection(stored.previous.get(device.id), change.section)
        const operationId = await this.deps.log.within(tx).recordAs(
          actor,
          change.action,
          devices.map((device) => ({ id: device.id, mac: device.mac })),
          {
            section: change.section,
            after: withoutSecrets(change.values),
            before: devices.length === 1 ? before(devices[0]!) : null,
          },
          { channel: 'shadow', status },
        )
        await this.supersede(tx, devices, change.section)
        const expected = asReported(change.values)
        await settingsRepository(tx).start(
          devices.map((device) => ({
            deviceId: device.id,
            section: change.section,
            previous: before(device),
            requestedBy: actor.accountId,
            operationId,
            expected,
            desiredVersion: stored.versions.get(device.id)!,
          })),
        )
        operationIds.push(operationId)
      }
      await options.alsoInTransaction?.(tx, operationIds)
      return { operationIds, stored }
    })
    // The cloud's own change leaves what each device reports as it was, so only the sections just
    // started can settle on it, and only on a device that already reports their values: the
    // others' documents need no read each (follow skips them), which a rollout to thousands of
    // devices would otherwise pay once per device.
    const skipped: Array<[number, number]> = []
    for (const device of devices) {
      const reported = stored.previous.get(device.id)?.state.reported ?? {}
      if (changes.every((change) => !reportsAlready(reported, change))) {
        skipped.push([device.id, stored.versions.get(device.id)!])
        this.checkedInBatch.set(device.id, stored.versions.get(device.id)!)
      }
    }
    // Stored is what counts: a device that did not hear of it now gets it when next seen online.
    await stored
      .announce()
      .catch((error: unknown) => this.deps.reportError(error, 'settings: telling devices'))
      .finally(() => {
        for (const [deviceId, version] of skipped)
          if (this.checkedInBatch.get(deviceId) === version) this.checkedInBatch.delete(deviceId)
      })
    return operationIds
  }

  /**
   * The devices whose model cannot take these changes (a radio it lacks, a channel it does not
   * offer), each with the refusal (its §8 code and the broken rules); nothing is stored.
   */
  async unfit(devices: DeviceRow[], changes: SettingsChange[]): Promise<Map<number, AppError>> {
    const products = await this.productsOf(devices)
    const refused = new Map<number, AppError>()
    for (const device of devices) {
      const product = products.get(device.productId)!
      const options = wifiOptionsFor(productOptionsOf(product), device.region)
      try {
        for (const change of changes) checkAgainstModel(change.section, change.values, product, options)
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        refused.set(device.id, error)
      }
    }
    return refused
  }

  /**
   * Where the given settings operations stand on each device: for each device, each section's
   * operation now and its status (a section another change replaced names that change).
   */
  async sectionStates(deviceIds: number[]) {
    return settingsRepository(this.deps.db).statesOf(deviceIds)
  }

  /**
   * Changes of the section still on their way to these devices end for their operations: the
   * new change replaces them, so the devices can no longer confirm them (the operation says so
   * instead of waiting for ever).
   */
  private async supersede(tx: Executor, devices: DeviceRow[], section: string): Promise<void> {
    const replaced = await settingsRepository(tx).unsettledForUpdate(
      devices.map((device) => device.id),
      section,
    )
    for (const row of replaced) {
      if (row.operationId === null) continue
      await this.deps.log.within(tx).settle(row.operationId, row.deviceId, 'CANCELED', { code: 'superseded' })
    }
  }

  /** Where each section of a device stands, with what it asks and what it reports (no secrets). */
  async state(principal: Principal, id: number) {
    const [device] = await this.deps.devices.requireDevices(principal, [id])
    const shadow = await this.deps.shadows.read(device!.id)
    const rows = await settingsRepository(this.deps.db).forDevice(device!.id)
    return {
      sections: rows.map((row) => ({
        section: row.section,
        status: row.status,
        reason: reasonText(row.reasonCode, row.reasonDetail),
        requested_at: row.requestedAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
        operation_id: row.operationId,
      })),
      desired: withoutSecrets(shadow?.state.desired ?? {}),
      reported: withoutSecrets(shadow?.state.reported ?? {}),
      version: shadow?.version ?? 0,
    }
  }

  /** Sends a section's desired state again (after a failure, or a device that never answered). */
  async retry(principal: Principal, id: number, section: SettingsSection) {
    const [device] = await this.deps.devices.requireDevices(principal, [id])
    const shadow = await this.deps.shadows.read(device!.id)
    const desired = shadow?.state.desired[section]
    const row = await settingsRepository(this.deps.db).find(device!.id, section)
    if (!row || !isJsonObject(desired)) throw new AppError(ErrorCode.DATA_NOT_FOUND)
    return this.apply(principal, [id], {
      section,
      values: desired,
      action: `device.retry.${section}`,
      rule: sectionRule(section),
    })
  }

  /** Puts a section back as it was before the last change (secrets stay as they are now). */
  async revert(principal: Principal, id: number, section: SettingsSection) {
    const [device] = await this.deps.devices.requireDevices(principal, [id])
    const row = await settingsRepository(this.deps.db).find(device!.id, section)
    if (!row || !isJsonObject(row.previous)) throw new AppError(ErrorCode.DATA_NOT_FOUND)
    return this.apply(principal, [id], {
      section,
      values: row.previous as JsonObject,
      action: `device.revert.${section}`,
      rule: sectionRule(section),
    })
  }

  /**
   * After every shadow update: a section whose change the device now reports is in sync, one it
   * refused failed. Only the device's `reported` counts, compared with what the change asked
   * (a device that publishes something else, or comes online, settles nothing).
   */
  async follow(deviceId: number, document: ShadowDocument): Promise<void> {
    // The cloud's own batch change, which applySections found nothing to settle on.
    if (this.checkedInBatch.get(deviceId) === document.version) return
    for (const row of await this.unsettledReads.submit(deviceId)) {
      const failure = failureOf(document.state.reported, row.section, row.desiredVersion)
      if (failure) {
        await this.settle(row, 'failed', failure)
        continue
      }
      const desired = document.state.desired[row.section]
      const section = document.state.reported[row.section]
      const reported = isJsonObject(section) ? section : {}
      const outstanding = isJsonObject(row.expected)
        ? computeDelta(row.expected as JsonObject, reported)
        : // A row from before the change's values were kept: what desired asks now.
          isJsonObject(desired)
          ? pendingDelta(desired, reported)
          : undefined
      if (!outstanding || Object.keys(outstanding).length > 0) continue
      // The device holds the secret now (its reported hash matches): the clear copy goes before
      // the section is called in sync, so "in sync" never shows while the cloud keeps a password.
      // (The scrub's new document may settle the section first; the execution's state lets one win.)
      const scrub = isJsonObject(desired) ? secretScrub(desired) : undefined
      const device = scrub ? await this.deps.devices.findById(deviceId) : undefined
      if (scrub && device) await this.deps.shadows.updateDesired(device.thingName, { [row.section]: scrub })
      await this.settle(row, 'in_sync')
    }
  }

  /**
   * A device came online: what waited for it is on its way now. Its delta goes again, for a
   * change committed just before a crash that no device heard of; and what it last reported may
   * already be what a change asked.
   */
  async deviceOnline(deviceId: number): Promise<void> {
    const unsettled = await this.unsettledReads.submit(deviceId)
    if (unsettled.length === 0) return
    for (const row of unsettled) {
      // The change is on its way now: its execution runs.
      if (row.status === 'pending' && row.operationId !== null)
        await this.deps.log.settle(row.operationId, deviceId, 'IN_PROGRESS')
    }
    await this.remind(deviceId)
  }

  /**
   * At start-up: a change on its way may never have been announced (the last process died between
   * its commit and the delta), and a device that stayed connected to an external broker through
   * that will not ask again, nor be "seen online" (a shared subscription hears no retained
   * status). Each such device is reminded once.
   */
  async resume(): Promise<void> {
    const deviceIds = await settingsRepository(this.deps.db).applyingDevices()
    await eachConcurrently(deviceIds, RESUME_AT_ONCE, (deviceId) => this.remind(deviceId))
  }

  /** Sends the device its delta again, and settles what it already reports. */
  private async remind(deviceId: number): Promise<void> {
    const device = await this.deps.devices.findById(deviceId)
    if (!device) return
    await this.deps.shadows.remind(device.thingName, deviceId)
    const shadow = await this.deps.shadows.read(deviceId)
    if (shadow) await this.follow(deviceId, shadow)
  }

  /**
   * A section's change ends: its execution moves on, unless it had already (another instance, or
   * a newer change of the section superseded it) — the execution's state is the one guard.
   */
  private async settle(row: SettingsRow, to: 'in_sync' | 'failed', reason?: string): Promise<void> {
    if (row.operationId === null) return
    await this.deps.log.settle(
      row.operationId,
      row.deviceId,
      to === 'in_sync' ? 'SUCCEEDED' : 'FAILED',
      to === 'in_sync' ? undefined : { code: 'device_refused', ...(reason ? { detail: reason } : {}) },
    )
  }

  private async productsOf(devices: DeviceRow[]): Promise<Map<number, ProductRow>> {
    const products = new Map<number, ProductRow>()
    for (const productId of new Set(devices.map((device) => device.productId))) {
      products.set(productId, (await this.deps.devices.product(productId))!)
    }
    return products
  }
}

/** The rule a retried or reverted section follows: WiFi is the model's, any other a setting. */
function sectionRule(section: SettingsSection): SettingsRule {
  return section === 'wifi' ? 'wifi' : 'settings'
}

/** Whether a device already reports what a change asks (its section would settle in sync at once). */
function reportsAlready(reported: JsonObject, change: SettingsChange): boolean {
  const section = reported[change.section]
  const delta = computeDelta(asReported(change.values), isJsonObject(section) ? section : {})
  return Object.keys(delta).length === 0
}

/** What a device reports of a section, secrets left out: the "before" of a change. */
function reportedSection(shadow: ShadowDocument | undefined, section: string): JsonObject {
  const reported = shadow?.state.reported[section]
  return isJsonObject(reported) ? withoutSecrets(reported) : {}
}

/**
 * The reason a device gave for refusing a section, if it refused this change: its failure names
 * the shadow version it refused (docs/protocol.md), which must be the change's or a later one.
 */
function failureOf(reported: JsonObject, section: string, desiredVersion: number | null): string | undefined {
  const failure = reported.failure
  if (desiredVersion === null || !isJsonObject(failure) || typeof failure[section] !== 'string')
    return undefined
  const version = typeof failure.version === 'number' ? failure.version : -1
  return version >= desiredVersion ? (failure[section] as string) : undefined
}
