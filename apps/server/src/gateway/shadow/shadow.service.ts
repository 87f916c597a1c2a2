import {
  computeDelta,
  depthOf,
  isJsonObject,
  type JsonObject,
  mergeState,
  metadataOf,
  SHADOW_MAX_BYTES,
  SHADOW_MAX_DEPTH,
  type ShadowRejection,
  topics,
} from '@canopy/shared/protocol'
import type { Database, Executor } from '../../db/client'
import { Coalesced } from '../../lib/coalesced'
import { eachConcurrently } from '../../lib/concurrency'
import { groupedWritesByKey } from '../../lib/in-rounds'
import type { DeviceDirectory } from '../../modules/devices/device-directory'
import type { DeviceEvents } from '../device-events'
import { DeviceRefusal } from '../device-refusals'
import { type ShadowAt, type StoredShadow, shadowRepository } from './shadow.repository'
import {
  clientTokenIn,
  ShadowRefusal as Refusal,
  readTokenRequest,
  readUpdateRequest,
  refusal,
  type UpdateRequest,
} from './shadow-requests'

type Publish = (topic: string, payload: unknown) => Promise<void>

export interface ShadowDocument {
  state: { desired: JsonObject; reported: JsonObject; delta?: JsonObject }
  metadata: { desired: JsonObject; reported: JsonObject }
  version: number
  timestamp: number
}

const now = () => Math.floor(Date.now() / 1000)
/** devices of a batch told at once */
const ANNOUNCE_AT_ONCE = 64
/** optimistic tries of a shadow update before it takes the row's lock */
const OPTIMISTIC_ATTEMPTS = 3
const EMPTY: StoredShadow = { desired: {}, reported: {}, metadata: { desired: {}, reported: {} }, version: 0 }

/** A batch's desired state, stored in a transaction that has not necessarily committed yet. */
export interface StoredDesired {
  /** each device's shadow before the change, by device id */
  previous: Map<number, ShadowDocument>
  /** the version each device's change was stored as, by device id */
  versions: Map<number, number>
  /** tells each device of its change: only ever after the transaction commits */
  announce(): Promise<void>
}

/**
 * The AWS IoT Device Shadow service, on our broker: devices publish get/update/delete and hear
 * accepted/rejected, delta and documents on the topics AWS uses, with the same documents. The
 * cloud writes `desired` through `updateDesired`, which behaves as an update request would.
 * Every accepted update is a `shadowUpdated` event (settings follow their sync state with it).
 */
export class ShadowService {
  /**
   * Shadows read outside a transaction, those of messages handled side by side in one statement
   * (each device report reads its shadow, and every device reports after a reboot). A read asked
   * for after a write committed is answered by a statement that starts after it.
   */
  private readonly reads: Coalesced<number, StoredShadow | undefined>
  /** Optimistic saves arriving together, in one statement: a rollout's reports come by the thousand. */
  private readonly saves: (save: ShadowAt) => Promise<boolean>

  constructor(
    private readonly deps: {
      db: Database
      directory: DeviceDirectory
      publish: Publish
      events: DeviceEvents
    },
  ) {
    this.reads = new Coalesced(async (deviceIds) => {
      const found = await shadowRepository(deps.db).findMany([...new Set(deviceIds)])
      return deviceIds.map((deviceId) => found.get(deviceId))
    })
    this.saves = groupedWritesByKey(
      (save: ShadowAt) => save.deviceId,
      (round) => shadowRepository(deps.db).saveManyIfAt(round),
      { max: 200 },
    )
  }

  /**
   * `$aws/things/{thing}/shadow/update` from a device. A refusal answers on `update/rejected`
   * and, when the device is at fault, is thrown on as a DeviceRefusal to be counted.
   */
  async handleUpdate(thing: string, payload: Buffer): Promise<void> {
    const device = await this.deps.directory.find(thing)
    if (!device) throw new DeviceRefusal('unknown-device', 'no such device')
    let clientToken: string | undefined
    try {
      const request = readUpdateRequest(payload)
      clientToken = request.clientToken
      await this.update(thing, device.id, request)
    } catch (error) {
      await this.reject(topics.shadow.updateRejected(thing), error, clientToken)
    }
  }

  /** The cloud's side: sets desired state, as an update request carrying `desired` would. */
  async updateDesired(thing: string, desired: JsonObject): Promise<ShadowDocument> {
    const device = await this.deps.directory.find(thing)
    if (!device) throw new Error(`unknown thing ${thing}`)
    return this.update(thing, device.id, { state: { desired } })
  }

  /**
   * The cloud's side for a batch, inside the caller's transaction (so the change commits with
   * whatever else records it, or not at all): stores every device's new desired state. The
   * devices hear nothing until the caller calls `announce`, after its commit.
   */
  async storeDesiredMany(
    tx: Executor,
    targets: ReadonlyArray<{ thing: string; deviceId: number }>,
    desired: JsonObject,
  ): Promise<StoredDesired> {
    const timestamp = now()
    const request: UpdateRequest = { state: { desired } }
    const shadows = shadowRepository(tx)
    const locked = await shadows.findManyForUpdate(targets.map((target) => target.deviceId))
    const changes = targets.map((target) => {
      const previous = locked.get(target.deviceId) ?? EMPTY
      return { target, previous, current: withinLimits(applyUpdate(previous, request.state, timestamp)) }
    })
    await shadows.saveMany(
      changes.map(({ target, current }) => ({ deviceId: target.deviceId, shadow: current })),
    )
    return {
      previous: new Map(
        changes.map(({ target, previous }) => [target.deviceId, document(previous, timestamp)]),
      ),
      versions: new Map(changes.map(({ target, current }) => [target.deviceId, current.version])),
      // Each device's messages stay in order; devices go in parallel (each publish awaits its ack).
      announce: () =>
        eachConcurrently(changes, ANNOUNCE_AT_ONCE, ({ target, previous, current }) =>
          this.announce(target.thing, target.deviceId, request, previous, current, timestamp),
        ),
    }
  }

  /**
   * Sends a device its delta again when desired still asks what it does not report. A change
   * committed just before a crash was never announced, and a device that stayed connected to an
   * external broker through the crash never asks for its shadow again.
   */
  async remind(thing: string, deviceId: number): Promise<void> {
    const stored = await this.reads.submit(deviceId)
    if (!stored) return
    const delta = computeDelta(stored.desired, stored.reported)
    if (Object.keys(delta).length === 0) return
    await this.deps.publish(topics.shadow.updateDelta(thing), {
      state: delta,
      metadata: pick(stored.metadata.desired, delta),
      version: stored.version,
      timestamp: now(),
    })
  }

  async read(deviceId: number): Promise<ShadowDocument | undefined> {
    const stored = await this.reads.submit(deviceId)
    return stored ? document(stored) : undefined
  }

  async readMany(deviceIds: number[]): Promise<Map<number, ShadowDocument>> {
    const stored = await shadowRepository(this.deps.db).findMany(deviceIds)
    return new Map([...stored].map(([id, shadow]) => [id, document(shadow)]))
  }

  /**
   * Answers a device's request on its `rejected` topic with 429 "Too many requests" (and its
   * clientToken), when the device is over its rate for shadow requests.
   */
  async tooManyRequests(thing: string, request: 'get' | 'update' | 'delete', payload: Buffer): Promise<void> {
    const topic = topics.shadow[`${request}Rejected`](thing)
    await this.reject(topic, refusal('tooManyRequests', clientTokenIn(payload)), undefined)
  }

  /** `$aws/things/{thing}/shadow/get` from a device. */
  async handleGet(thing: string, payload: Buffer): Promise<void> {
    const device = await this.deps.directory.find(thing)
    if (!device) throw new DeviceRefusal('unknown-device', 'no such device')
    let clientToken: string | undefined
    try {
      clientToken = readTokenRequest(payload).clientToken
    } catch (error) {
      return this.reject(topics.shadow.getRejected(thing), error, undefined)
    }
    const stored = await this.reads.submit(device.id)
    if (!stored) {
      await this.reject(
        topics.shadow.getRejected(thing),
        new Refusal(404, `No shadow exists with name: '${thing}'`),
        clientToken,
      )
      return
    }
    await this.deps.publish(topics.shadow.getAccepted(thing), {
      ...document(stored),
      ...(clientToken ? { clientToken } : {}),
    })
  }

  /** `$aws/things/{thing}/shadow/delete` from a device (e.g. after a factory reset). */
  async handleDelete(thing: string, payload: Buffer): Promise<void> {
    const device = await this.deps.directory.find(thing)
    if (!device) throw new DeviceRefusal('unknown-device', 'no such device')
    let clientToken: string | undefined
    try {
      clientToken = readTokenRequest(payload).clientToken
    } catch (error) {
      return this.reject(topics.shadow.deleteRejected(thing), error, undefined)
    }
    const stored = await shadowRepository(this.deps.db).find(device.id)
    if (!stored || !(await shadowRepository(this.deps.db).remove(device.id))) {
      await this.reject(
        topics.shadow.deleteRejected(thing),
        new Refusal(404, `No shadow exists with name: '${thing}'`),
        clientToken,
      )
      return
    }
    await this.deps.publish(topics.shadow.deleteAccepted(thing), {
      version: stored.version,
      timestamp: now(),
      ...(clientToken ? { clientToken } : {}),
    })
  }

  /** Stores the update, and only once it is committed tells the device it was accepted. */
  private async update(thing: string, deviceId: number, request: UpdateRequest): Promise<ShadowDocument> {
    const timestamp = now()
    const { previous, current } = await this.store(deviceId, request, timestamp)
    return this.announce(thing, deviceId, request, previous, current, timestamp)
  }

  /**
   * One shadow's update, one version after another. Read, merged, and stored only if no other
   * update stored a version in between (else read again): two statements where a locked
   * transaction takes four, and every device report pays them. Under contention, the lock.
   */
  private async store(deviceId: number, request: UpdateRequest, timestamp: number) {
    const next = (previous: StoredShadow) => {
      if (request.version !== undefined && request.version !== previous.version) {
        throw new Refusal(409, 'Version conflict')
      }
      return withinLimits(applyUpdate(previous, request.state, timestamp))
    }
    for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS; attempt++) {
      const stored = await this.reads.submit(deviceId)
      const previous = stored ?? EMPTY
      const current = next(previous)
      if (await this.saves({ deviceId, shadow: current, readAt: stored?.version }))
        return { previous, current }
    }
    return this.deps.db.transaction(async (tx) => {
      const locked = shadowRepository(tx)
      const previous = (await locked.findForUpdate(deviceId)) ?? EMPTY
      const current = next(previous)
      await locked.save(deviceId, current)
      return { previous, current }
    })
  }

  /** Tells the device and the bus of a stored update: accepted, documents, and any delta. */
  private async announce(
    thing: string,
    deviceId: number,
    request: UpdateRequest,
    previous: StoredShadow,
    current: StoredShadow,
    timestamp: number,
  ): Promise<ShadowDocument> {
    const clientToken = request.clientToken ? { clientToken: request.clientToken } : {}
    const sections = sectionsOf(request.state)
    await this.deps.publish(topics.shadow.updateAccepted(thing), {
      state: request.state,
      metadata: {
        ...(sections.desired ? { desired: metadataOf(sections.desired, timestamp) } : {}),
        ...(sections.reported ? { reported: metadataOf(sections.reported, timestamp) } : {}),
      },
      version: current.version,
      timestamp,
      ...clientToken,
    })
    await this.deps.publish(topics.shadow.updateDocuments(thing), {
      previous: {
        state: { desired: previous.desired, reported: previous.reported },
        metadata: previous.metadata,
        version: previous.version,
      },
      current: {
        state: { desired: current.desired, reported: current.reported },
        metadata: current.metadata,
        version: current.version,
      },
      timestamp,
      ...clientToken,
    })
    const delta = computeDelta(current.desired, current.reported)
    // AWS publishes a delta when a change to desired leaves it different from reported.
    if (sections.desired && Object.keys(delta).length > 0) {
      await this.deps.publish(topics.shadow.updateDelta(thing), {
        state: delta,
        metadata: pick(current.metadata.desired, delta),
        version: current.version,
        timestamp,
        ...clientToken,
      })
    }
    const updated = document(current, timestamp)
    this.deps.events.emit('shadowUpdated', { deviceId, thing, document: updated })
    return updated
  }

  /**
   * AWS's ErrorResponse `{code, message, timestamp, clientToken?}` on the request's `rejected`
   * topic; then an unexpected error is thrown on, and a device's fault thrown as a DeviceRefusal.
   */
  private async reject(topic: string, error: unknown, clientToken: string | undefined) {
    const refused = error instanceof Refusal ? error : new Refusal(500, 'Internal service failure')
    const rejection: ShadowRejection = { code: refused.code, message: refused.message, timestamp: now() }
    const token = refused.clientToken ?? clientToken
    if (token) rejection.clientToken = token
    await this.deps.publish(topic, rejection)
    if (!(error instanceof Refusal)) throw error
    if (refused.reason) throw new DeviceRefusal(refused.reason, `${refused.code} ${refused.message}`)
  }
}

/** AWS's limits on a shadow document: its size and its depth. */
function withinLimits(shadow: StoredShadow): StoredShadow {
  if (JSON.stringify({ desired: shadow.desired, reported: shadow.reported }).length > SHADOW_MAX_BYTES) {
    throw refusal('tooLarge')
  }
  if (depthOf(shadow.desired) > SHADOW_MAX_DEPTH || depthOf(shadow.reported) > SHADOW_MAX_DEPTH) {
    throw refusal('tooDeep')
  }
  return shadow
}

function sectionsOf(state: { desired?: JsonObject | null; reported?: JsonObject | null }) {
  return {
    desired: state.desired === undefined ? undefined : (state.desired ?? {}),
    reported: state.reported === undefined ? undefined : (state.reported ?? {}),
  }
}

/** A whole section set to null clears it (AWS: "state": {"desired": null}). */
function applyUpdate(
  previous: StoredShadow,
  state: { desired?: JsonObject | null; reported?: JsonObject | null },
  timestamp: number,
): StoredShadow {
  const next = (section: 'desired' | 'reported') => {
    const patch = state[section]
    if (patch === undefined) return { value: previous[section], metadata: previous.metadata[section] }
    if (patch === null) return { value: {}, metadata: {} }
    return {
      value: mergeState(previous[section], patch),
      metadata: pick(
        mergeState(previous.metadata[section], metadataOf(patch, timestamp)),
        mergeState(previous[section], patch),
      ),
    }
  }
  const desired = next('desired')
  const reported = next('reported')
  return {
    desired: desired.value,
    reported: reported.value,
    metadata: { desired: desired.metadata, reported: reported.metadata },
    version: previous.version + 1,
  }
}

/** The parts of `metadata` for keys present in `shape` (deleted keys lose their metadata). */
function pick(metadata: JsonObject, shape: JsonObject): JsonObject {
  const picked: JsonObject = {}
  for (const [key, value] of Object.entries(shape)) {
    const meta = metadata[key]
    if (meta === undefined) continue
    picked[key] =
      isJsonObject(value) && isJsonObject(meta) && !('timestamp' in meta) ? pick(meta, value) : meta
  }
  return picked
}

function document(stored: StoredShadow, timestamp = now()): ShadowDocument {
  const delta = computeDelta(stored.desired, stored.reported)
  return {
    state: {
      desired: stored.desired,
      reported: stored.reported,
      ...(Object.keys(delta).length > 0 ? { delta } : {}),
    },
    metadata: stored.metadata,
    version: stored.version,
    timestamp,
  }
}
