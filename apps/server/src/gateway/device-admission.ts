import type { MessageKind, RefusalReason } from './device-refusals'

/** The limits on what devices may make the server do (docs/protocol.md, "Limits"). */
export interface DeviceLimits {
  /** messages a device may send per second, by kind, with bursts of BURST_SECONDS' worth */
  perSecond: Record<MessageKind, number>
  /** a device's messages waiting or being handled at once; more are refused */
  backlog: number
  /** device messages handled at once, all devices together (one slot: a message, or a batch of statuses) */
  inFlight: number
  /** device messages waiting for their turn, all devices together; more are refused (statuses excepted) */
  queued: number
  /**
   * how long the oldest waiting message may have waited before new job requests are refused: an
   * answer that comes after the device stopped waiting for it is work thrown away
   */
  maxWaitMs: number
  /** refusals within a minute after which the device is disconnected */
  disconnectAfter: number
}

/** Requests whose device waits for the answer, and gives up after a while (docs/protocol.md). */
const ANSWER_AWAITED: ReadonlySet<MessageKind> = new Set(['jobs'])

/** Kinds of which only a device's latest message matters: each has a lane (`runLatest`). */
export type LatestKind = 'status' | 'telemetry'
/** The lanes, in the order they are served, all before the queue: presence gates everything else. */
const LANES: readonly LatestKind[] = ['status', 'telemetry']

/** Kinds that wait in the queue. */
type QueuedKind = Exclude<MessageKind, LatestKind>

/** A message waiting in the queue, with when it came. */
interface Queued {
  task: Task
  at: number
  kind: QueuedKind
}

export function isLatestKind(kind: MessageKind): kind is LatestKind {
  return (LANES as readonly MessageKind[]).includes(kind)
}

/** Each lane's counters: waiting now, the most there were, replaced before their turn. */
const LANE_COUNTERS = {
  status: { waiting: 'statusesWaiting', peak: 'peakStatusesWaiting', superseded: 'statusesSuperseded' },
  telemetry: { waiting: 'telemetryWaiting', peak: 'peakTelemetryWaiting', superseded: 'telemetrySuperseded' },
} as const

/** A burst may spend this many seconds' worth of a kind's rate at once (at least MIN_BURST). */
const BURST_SECONDS = 2
const MIN_BURST = 5
const WINDOW_MS = 60_000

interface Bucket {
  tokens: number
  at: number
}

/** A message's work, settling its caller and giving its place in the device's backlog back. */
type Task = () => Promise<void>

interface LaneEntry {
  task: Task
  /** settles the caller's promise of a status replaced by a newer one before its turn */
  supersede: () => void
}

/**
 * Messages a slot takes from a lane at once. Statuses' lookups and writes are coalesced into a
 * statement or two (presence.ts), so a batch costs the database about what one message does,
 * and a connect storm is filed at the rate of batches, not of round trips; telemetry is filed in
 * memory and written by the ingest's flush (telemetry-ingest.ts).
 */
const LANE_BATCH = 100
/** how often `room` looks at the queue again */
const ROOM_POLL_MS = 100

interface Strikes {
  since: number
  count: number
  disconnected: boolean
}

/**
 * What keeps one device from taking the server from the others: a token bucket per device and
 * kind of message, a bounded backlog per device, and a bounded number of device messages
 * handled (and waiting) at once, so the HTTP API keeps its share of the database. A device
 * over its limits has its messages refused (the caller answers with a `rejected` reply where
 * the protocol has one), and past `disconnectAfter` refusals in a minute it is disconnected.
 *
 * Statuses and telemetry have lanes of their own (`runLatest`), never refused for a full queue.
 * A status is published once, on connect, and a refused one is never sent again, so a connect
 * storm would leave devices unknown. Telemetry comes from every device every interval (333 a
 * second from 10,000 devices at 30 s): in the queue it kept job requests out, each report a
 * turn of its own, though filing one costs no round trip. Only a device's latest status or
 * report matters, so a lane keeps one per device (a newer one replaces the one waiting): it is
 * bounded by the devices that may publish at all. The lanes are served before the queue, statuses
 * first, since presence gates everything else; a slot takes up to LANE_BATCH messages at once.
 */
export class DeviceAdmission {
  readonly counters = {
    admitted: 0,
    disconnected: 0,
    inFlight: 0,
    queued: 0,
    peakQueued: 0,
    /** what the queue holds, by kind */
    queuedByKind: { shadow: 0, jobs: 0, rpc: 0 } as Record<QueuedKind, number>,
    /** statuses waiting in their lane (one per device at most), and the most there were */
    statusesWaiting: 0,
    peakStatusesWaiting: 0,
    /** statuses replaced by a newer one of the same device before their turn */
    statusesSuperseded: 0,
    /** the same for telemetry reports */
    telemetryWaiting: 0,
    peakTelemetryWaiting: 0,
    telemetrySuperseded: 0,
  }
  private readonly buckets = new Map<string, Bucket>()
  private readonly backlogs = new Map<string, number>()
  private readonly strikes = new Map<string, Strikes>()
  /** messages waiting for a slot, first come first served, each with when it came */
  private readonly waiting: Array<Queued> = []
  /** updates of work under way, waiting for a slot before `waiting` */
  private readonly urgent: Array<Queued> = []
  /** the lanes, each in arrival order (a replaced entry keeps its place) */
  private readonly lanes: Record<LatestKind, Map<string, LaneEntry>> = {
    status: new Map(),
    telemetry: new Map(),
  }
  private lastSweep: number

  constructor(
    private readonly limits: DeviceLimits,
    private readonly disconnect: (thing: string) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.lastSweep = now()
  }

  /**
   * Whether the device's message may be handled; the refusal's reason if not. `urgent`: an update
   * of work under way, which waits in the urgent queue (see `run`).
   */
  admit(thing: string, kind: MessageKind, urgent = false): RefusalReason | undefined {
    const now = this.now()
    if (now - this.lastSweep >= WINDOW_MS) this.sweep(now)
    const refusal = this.refusalOf(thing, kind, now, urgent)
    // A full server queue is no fault of this device: only its own excess counts against it.
    if (refusal === 'throttled' || refusal === 'backlog') this.strike(thing, now)
    else if (!refusal) this.counters.admitted++
    return refusal
  }

  /**
   * Runs an admitted message's work in its turn (at most `inFlight` at once, first come first
   * served). An `urgent` one — a device's update of a job it is running — waits in a queue of its
   * own, served before the others: finishing work under way frees what it holds (a download, a
   * place in an order) and its device is waiting for the answer, while new work (a start-next)
   * loses nothing by waiting behind it. Without it, a 10,000-device backup's outcomes waited
   * behind thousands of start-nexts, and were refused for their age.
   */
  run(
    thing: string,
    kind: QueuedKind,
    work: () => Promise<unknown> | unknown,
    urgent = false,
  ): Promise<void> {
    this.enter(thing)
    return new Promise<void>((resolve, reject) => {
      const task = this.task(thing, work, resolve, reject)
      if (this.counters.inFlight < this.limits.inFlight) return this.occupy([task])
      ;(urgent ? this.urgent : this.waiting).push({ task, at: this.now(), kind })
      this.counters.queued++
      this.counters.queuedByKind[kind]++
      this.counters.peakQueued = Math.max(this.counters.peakQueued, this.counters.queued)
    })
  }

  /**
   * Runs an admitted status or telemetry report in its turn, in its kind's lane: never refused
   * for a full queue; one still waiting when a newer one of the same device comes is replaced by
   * it (its promise resolves without running it).
   */
  runLatest(kind: LatestKind, thing: string, work: () => Promise<unknown> | unknown): Promise<void> {
    const lane = this.lanes[kind]
    const counters = LANE_COUNTERS[kind]
    return new Promise<void>((resolve, reject) => {
      const replaced = lane.get(thing)
      // The replaced message hands its place in the device's backlog over to the newer one.
      if (!replaced) this.enter(thing)
      const task = this.task(thing, work, resolve, reject)
      if (!replaced && this.counters.inFlight < this.limits.inFlight) {
        this.occupy([task])
        return
      }
      lane.set(thing, { task, supersede: resolve })
      if (replaced) {
        replaced.supersede()
        this.counters[counters.superseded]++
        return
      }
      this.counters[counters.waiting]++
      this.counters[counters.peak] = Math.max(this.counters[counters.peak], this.counters[counters.waiting])
    })
  }

  /**
   * Resolves once fewer than `messages` messages wait in the queue: what a server-side burst
   * (a job told to thousands of devices, each of which then asks for it) waits for before its
   * next wave, so no device's request ages past `maxWaitMs` and is refused.
   */
  async room(messages: number): Promise<void> {
    // Unref'd: a wave still waiting does not keep a stopping server alive.
    while (this.waiting.length + this.urgent.length >= messages)
      await new Promise((resolve) => setTimeout(resolve, ROOM_POLL_MS).unref())
  }

  /** Whether the device was disconnected for its refusals in the current minute. */
  wasDisconnected(thing: string): boolean {
    return this.strikes.get(thing)?.disconnected ?? false
  }

  private refusalOf(
    thing: string,
    kind: MessageKind,
    now: number,
    urgent: boolean,
  ): RefusalReason | undefined {
    if ((this.backlogs.get(thing) ?? 0) >= this.limits.backlog) return 'backlog'
    if (!isLatestKind(kind) && this.overloaded(kind, now, urgent)) return 'overloaded'
    const rate = this.limits.perSecond[kind]
    const burst = burstOf(rate)
    const key = `${thing}/${kind}`
    const bucket = this.buckets.get(key) ?? { tokens: burst, at: now }
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * rate)
    bucket.at = now
    this.buckets.set(key, bucket)
    if (bucket.tokens < 1) return 'throttled'
    bucket.tokens--
    return undefined
  }

  /**
   * The queue is full; or, for a request whose device waits for the answer, the oldest message
   * has waited longer than a device waits: taken now, it would be answered too late (and the
   * device would say it again, into the same queue). Refused at once, the device backs off and
   * asks again. A shadow report is worth as much late as early: only the count bounds it (an age
   * bound on it too made a 10,000-device template rollout 60 % slower).
   */
  private overloaded(kind: MessageKind, now: number, urgent: boolean): boolean {
    if (this.counters.queued >= this.limits.queued) return true
    // An urgent message waits only behind the urgent ones.
    const ahead = urgent || this.waiting.length === 0 ? this.urgent : this.waiting
    const oldest = ahead[0]
    return ANSWER_AWAITED.has(kind) && oldest !== undefined && now - oldest.at > this.limits.maxWaitMs
  }

  private enter(thing: string): void {
    this.backlogs.set(thing, (this.backlogs.get(thing) ?? 0) + 1)
  }

  /** A message's work as a task: it settles the caller, then gives the backlog place back. */
  private task(
    thing: string,
    work: () => Promise<unknown> | unknown,
    resolve: () => void,
    reject: (error: unknown) => void,
  ): Task {
    return () =>
      Promise.resolve()
        .then(work)
        .then(() => resolve(), reject)
        .finally(() => {
          const left = (this.backlogs.get(thing) ?? 1) - 1
          if (left > 0) this.backlogs.set(thing, left)
          else this.backlogs.delete(thing)
        })
  }

  /** Runs tasks in one slot; once they all settle, the next waiting start (the lanes first). */
  private occupy(tasks: Task[]): void {
    this.counters.inFlight++
    void Promise.all(tasks.map((task) => task())).finally(() => {
      this.counters.inFlight--
      this.startNext()
    })
  }

  private startNext(): void {
    for (const kind of LANES) {
      const lane = this.lanes[kind]
      if (lane.size === 0) continue
      const batch: Task[] = []
      for (const [thing, entry] of lane) {
        if (batch.length === LANE_BATCH) break
        lane.delete(thing)
        batch.push(entry.task)
      }
      this.counters[LANE_COUNTERS[kind].waiting] -= batch.length
      this.occupy(batch)
      return
    }
    const next = this.urgent.shift() ?? this.waiting.shift()
    if (next) {
      this.counters.queued--
      this.counters.queuedByKind[next.kind]--
      this.occupy([next.task])
    }
  }

  private strike(thing: string, now: number): void {
    let strikes = this.strikes.get(thing)
    if (!strikes || now - strikes.since >= WINDOW_MS) {
      strikes = { since: now, count: 0, disconnected: false }
      this.strikes.set(thing, strikes)
    }
    strikes.count++
    if (strikes.count > this.limits.disconnectAfter && !strikes.disconnected) {
      strikes.disconnected = true
      this.counters.disconnected++
      this.disconnect(thing)
    }
  }

  /** Forgets full buckets and old strikes, so memory follows the devices active in the last minute. */
  private sweep(now: number): void {
    this.lastSweep = now
    for (const [key, bucket] of this.buckets) {
      const kind = key.slice(key.lastIndexOf('/') + 1) as MessageKind
      const rate = this.limits.perSecond[kind]
      if (bucket.tokens + ((now - bucket.at) / 1000) * rate >= burstOf(rate)) this.buckets.delete(key)
    }
    for (const [thing, strikes] of this.strikes)
      if (now - strikes.since >= WINDOW_MS) this.strikes.delete(thing)
  }
}

function burstOf(rate: number): number {
  return Math.max(MIN_BURST, rate * BURST_SECONDS)
}
