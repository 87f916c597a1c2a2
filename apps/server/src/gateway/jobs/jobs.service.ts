import {
  GET_PENDING_MAX,
  isTerminalJobStatus,
  JOB_ID_PATTERN,
  type JobExecution,
  type JobsErrorResponse,
  type JsonObject,
  NEXT_JOB_ID,
  NOTIFY_PENDING_MAX,
  STEP_TIMEOUT_MINUTES,
  topics,
  type UpdateJobRequest,
} from '@canopy/shared/protocol'
import type { Database } from '../../db/client'
import { type Coalesced, coalescedRows } from '../../lib/coalesced'
import { eachConcurrently } from '../../lib/concurrency'
import { groupBy, groupsOf } from '../../lib/group-by'
import { groupedWritesByKey } from '../../lib/in-rounds'
import type { DeviceDirectory } from '../../modules/devices/device-directory'
import { type FailureReason, REASON_CODE } from '../../modules/operations/executions'
import { recordJobOperation } from '../../modules/operations/operation-log'
import { clientTokenIn } from '../client-token'
import type { DeviceEvents } from '../device-events'
import { DeviceRefusal } from '../device-refusals'
import { ExecutionWrites } from './execution-writes'
import {
  executionDocument,
  executionState,
  fillPresigned,
  jobDocumentProblem,
  nowSeconds,
  pendingList,
  queuedBefore,
  sameExecution,
} from './job-documents'
import { type JobFacts, JobFactsCache } from './job-facts'
import {
  type ExecutionChange,
  type ExecutionRow,
  type JobRow,
  jobsRepository,
  type OutcomeChange,
  type ProgressChange,
  type SavedOutcome,
  type StartedNext,
  type StartNextRequest,
} from './jobs.repository'
import {
  JobsRefusal,
  jobIdOf,
  readDescribeRequest,
  readPendingRequest,
  readStartNextRequest,
  readUpdateRequest,
} from './jobs-requests'

type Publish = (topic: string, payload: unknown) => Promise<void>
/** A link signed for one device: the resource's id and the thing that will use it. */
type Presigner = (id: number, thing: string) => string

/** A job as the rest of the server creates it (upgrade orders, backups, log uploads…). */
export interface NewJob {
  jobId: string
  tenantId: number
  /** sent to each device as is; names its `operation` */
  document: JsonObject
  /** devices of the tenant; one execution each */
  deviceIds: number[]
  /** from IN_PROGRESS to TIMED_OUT unless finished (AWS's timeoutConfig), 1 to 10080 */
  inProgressTimeoutInMinutes?: number
  /** the account it is done for (the operation log's "who"); none: the server itself */
  createdBy?: number
  /** the operation log's "what" (default `job.<operation>`) and its detail (default the job's id) */
  action?: string
  detail?: JsonObject
}

/** executions moved to TIMED_OUT per statement of the sweep */
const SWEEP_BATCH = 500
/** devices told of a batch change at once */
const ANNOUNCE_AT_ONCE = 64
/** devices told of a batch change in one wave (their queues read in one statement) */
const ANNOUNCE_WAVE = 500
/** devices' start-next requests answered by one statement at most */
const START_NEXT_GROUP_MAX = 200
const MINUTE_MS = 60_000

/**
 * The AWS IoT Jobs service, on our broker (docs/protocol.md, "Long operations"): devices publish
 * get, start-next, {jobId}/get and {jobId}/update and hear accepted/rejected, notify and
 * notify-next on AWS's topics with AWS's documents. Executions live in the database with their
 * timers; a sweep on the database moves the overdue ones to TIMED_OUT, so a restart forgets no
 * timeout. Every change of an execution is a `jobExecutionUpdated` event, told after its commit.
 */
export class JobsService {
  private sweeper: NodeJS.Timeout | undefined
  private readonly presigners = new Map<string, Presigner>()
  private readonly facts: JobFactsCache
  private readonly progressWrites: ExecutionWrites<ProgressChange, ExecutionRow>
  private readonly outcomeWrites: ExecutionWrites<OutcomeChange, SavedOutcome>
  /** start-next requests handled side by side, one statement for their devices (one round per device) */
  private readonly startNexts: (request: StartNextRequest) => Promise<StartedNext | undefined>
  /**
   * Devices' pending executions, read outside a transaction (notify, notify-next, get, `$next`):
   * the reads of messages handled side by side go in one statement (a 10,000-device order made
   * a hundred a second, each a turn of the embedded database's one session). A read asked for
   * after a write has committed is answered by a statement that starts after it.
   */
  private readonly pendingReads: Coalesced<number, ExecutionRow[]>
  /** Documents go out once every presigner is registered (`open`): none with a link unfilled. */
  private readonly opened: Promise<void>
  private markOpened: () => void = () => {}

  constructor(
    private readonly deps: {
      db: Database
      directory: DeviceDirectory
      publish: Publish
      events: DeviceEvents
      /** waits until the device-message queue has room for this many more (DeviceAdmission.room) */
      queueRoom: (messages: number) => Promise<void>
      /** a failure of background work (a batch's later waves), to log */
      reportError: (error: unknown, what: string) => void
      /** devices told in one wave (default ANNOUNCE_WAVE) */
      announceWave?: number
    },
  ) {
    this.opened = new Promise((resolve) => {
      this.markOpened = resolve
    })
    this.facts = new JobFactsCache(deps.db)
    this.progressWrites = new ExecutionWrites((changes) => jobsRepository(deps.db).saveProgress(changes))
    this.outcomeWrites = new ExecutionWrites((changes) => jobsRepository(deps.db).saveOutcomes(changes))
    this.startNexts = groupedWritesByKey(
      (request) => request.deviceId,
      (requests) => jobsRepository(deps.db).startNextMany(requests),
      { max: START_NEXT_GROUP_MAX },
    )
    this.pendingReads = coalescedRows(
      (deviceIds) => jobsRepository(deps.db).pendingOfDevices(deviceIds),
      (row) => row.deviceId,
    )
    // A device that missed notify-next while offline hears of its next job as it comes back (it
    // should also ask with start-next or `$next/get`: see docs/protocol.md).
    deps.events.on('online', ({ deviceId, thing }) => this.remindNext(deviceId, thing))
  }

  /**
   * Who fills a document's `${canopy:presigned:<kind>:<id>}` values (AWS's presigned-URL
   * placeholders): each device that receives the document gets a link signed for it at that
   * moment, so a job waiting days for an offline device still hands it a short-lived link.
   */
  presign(kind: string, sign: Presigner): void {
    this.presigners.set(kind, sign)
  }

  /**
   * Every module has registered its presigners (app.ts): job documents may go out. Devices answer
   * the broker as soon as the gateway starts, before the modules are built; until then what they
   * ask waits here rather than carrying a `${canopy:presigned:…}` placeholder they cannot use.
   */
  open(): void {
    this.markOpened()
  }

  /** Creates a job and queues one execution per device; each device hears of it after the commit. */
  async createJob(job: NewJob): Promise<JobExecution[]> {
    if (!JOB_ID_PATTERN.test(job.jobId)) throw new Error(`not a job id: ${JSON.stringify(job.jobId)}`)
    const problem = jobDocumentProblem(job.document)
    if (problem) throw new Error(problem)
    const timeout = job.inProgressTimeoutInMinutes
    if (
      timeout !== undefined &&
      !(Number.isInteger(timeout) && timeout >= 1 && timeout <= STEP_TIMEOUT_MINUTES.max)
    )
      throw new Error('inProgressTimeoutInMinutes is 1 to 10080')
    const deviceIds = [...new Set(job.deviceIds)]
    if (deviceIds.length === 0) throw new Error('a job needs at least one device')
    const queued = await this.deps.db.transaction(async (tx) => {
      const jobs = jobsRepository(tx)
      // The job is one operation of the log; its executions are the job's (executions.ts).
      const operationId = await recordJobOperation(tx, {
        tenantId: job.tenantId,
        accountId: job.createdBy ?? null,
        action: job.action ?? `job.${job.document.operation as string}`,
        detail: job.detail ?? { job_id: job.jobId },
      })
      const inserted = await jobs.insertJob({
        jobId: job.jobId,
        operationId,
        tenantId: job.tenantId,
        operation: job.document.operation as string,
        document: job.document,
        executionPolicy: timeout === undefined ? {} : { inProgressTimeoutInMinutes: timeout },
        createdBy: job.createdBy ?? null,
      })
      if (!inserted) throw new Error(`job ${job.jobId} already exists`)
      const queued = await jobs.queueExecutions(job.jobId, operationId, job.tenantId, deviceIds)
      if (queued.length !== deviceIds.length) throw new Error(`devices outside tenant ${job.tenantId}`)
      return jobs.executionsOfJob(job.jobId)
    })
    await this.announce(
      queued.map((row) => ({ row })),
      job.document,
    )
    return queued.map((row) => executionDocument(row))
  }

  /**
   * Cancels a job: its queued executions (and with `force`, its running ones) end CANCELED, and
   * their devices hear of it. False when the job is not in progress.
   */
  async cancelJob(jobId: string, options: { force?: boolean } = {}): Promise<boolean> {
    const { canceled, executions } = await this.deps.db.transaction((tx) =>
      jobsRepository(tx).cancel(jobId, options.force ?? false),
    )
    await this.announce(executions)
    return canceled
  }

  async job(jobId: string): Promise<JobRow | undefined> {
    return jobsRepository(this.deps.db).findJob(jobId)
  }

  /** Every execution of a job, by device (with `deviceId`, for the modules that show them). */
  async executions(jobId: string): Promise<Array<JobExecution & { deviceId: number }>> {
    const rows = await jobsRepository(this.deps.db).executionsOfJob(jobId)
    return rows.map((row) => ({ ...executionDocument(row), deviceId: row.deviceId }))
  }

  /**
   * Moves every overdue running execution to TIMED_OUT (all instances may sweep: each row once),
   * and completes the jobs left with nothing pending (see `saveOutcomes`).
   */
  async sweepTimeouts(): Promise<number> {
    await jobsRepository(this.deps.db).completeFinishedJobs()
    let total = 0
    for (;;) {
      const timedOut = await this.deps.db.transaction(async (tx) => {
        const jobs = jobsRepository(tx)
        const rows = await jobs.timeOutExpired(SWEEP_BATCH)
        for (const jobId of new Set(rows.map((row) => row.jobId))) await jobs.completeIfDone(jobId)
        return rows
      })
      await this.announce(timedOut.map((row) => ({ row, was: 'IN_PROGRESS' as const })))
      total += timedOut.length
      if (timedOut.length < SWEEP_BATCH) return total
    }
  }

  /**
   * At start, every online device with an execution still queued hears of its next one: a job
   * committed just before a crash, whose announcement never went out, would otherwise wait for
   * its devices to reconnect — and on an external broker they never disconnected. Returns how
   * many devices were reminded.
   */
  async remindQueued(): Promise<number> {
    const waiting = await jobsRepository(this.deps.db).onlineWithQueued()
    await eachConcurrently(waiting, ANNOUNCE_AT_ONCE, ({ deviceId, thing }) =>
      this.remindNext(deviceId, thing),
    )
    return waiting.length
  }

  /** Sweeps every `everyMs`; a failed sweep is reported (one line a run) and tried again next time. */
  startSweep(onError: (error: unknown) => void, everyMs = 10_000): void {
    let running = false
    this.sweeper = setInterval(() => {
      if (running) return
      running = true
      this.sweepTimeouts()
        .catch(onError)
        .finally(() => {
          running = false
        })
    }, everyMs)
    this.sweeper.unref()
  }

  stop(): void {
    clearInterval(this.sweeper)
  }

  /** The latest execution of each device in these jobs, with the device's id (upgrade orders). */
  async latestExecutions(jobIds: string[]): Promise<Array<JobExecution & { deviceId: number }>> {
    const rows = await jobsRepository(this.deps.db).latestExecutionsOfJobs([...new Set(jobIds)])
    return rows.map((row) => ({ ...executionDocument(row), deviceId: row.deviceId }))
  }

  /**
   * Ends a device's pending execution as the cloud judges it (an upgrade whose device came back on
   * its old firmware: FAILED, reason old_version), the way a device's update would: a new version,
   * the job completed if it was the last, the device told. False when it had already ended.
   */
  async settleExecution(
    jobId: string,
    deviceId: number,
    statusDetails: Record<string, string>,
  ): Promise<boolean> {
    const saved = await this.deps.db.transaction(async (tx) => {
      const jobs = jobsRepository(tx)
      // The device's queue first, as its own requests lock it (no deadlock with them).
      await jobs.pending(deviceId, 1, true)
      const row = await jobs.find(jobId, deviceId, undefined, true)
      if (!row || isTerminalJobStatus(row.status)) return undefined
      const saved = await jobs.save(row, {
        status: 'FAILED',
        statusDetails,
        startedAt: row.startedAt,
        inProgressTimeoutAt: row.inProgressTimeoutAt,
        stepTimeoutAt: row.stepTimeoutAt,
        // The verdict's reason (e.g. old_version) kept as data, as a device's own FAILED is.
        reason: failureOf('FAILED', statusDetails),
      })
      await jobs.completeIfDone(jobId)
      return saved
    })
    if (!saved) return false
    await this.tellChanged(deviceId, saved.thing, saved, { list: true, next: true })
    return true
  }

  /** `$aws/things/{thing}/jobs/get`: the pending executions. */
  async handleGetPending(thing: string, payload: Buffer): Promise<void> {
    const device = await this.device(thing)
    let clientToken: string | undefined
    try {
      clientToken = readPendingRequest(payload).clientToken
      const pending = await this.pending(device.id, GET_PENDING_MAX)
      const list = pendingList(pending).jobs
      await this.deps.publish(topics.jobs.getAccepted(thing), {
        inProgressJobs: list.IN_PROGRESS ?? [],
        queuedJobs: list.QUEUED ?? [],
        timestamp: nowSeconds(),
        ...(clientToken ? { clientToken } : {}),
      })
    } catch (error) {
      await this.reject(topics.jobs.getRejected(thing), error, clientToken)
    }
  }

  /** `$aws/things/{thing}/jobs/start-next`: the next pending execution, IN_PROGRESS from now. */
  async handleStartNext(thing: string, payload: Buffer): Promise<void> {
    const device = await this.device(thing)
    let clientToken: string | undefined
    try {
      const request = readStartNextRequest(payload)
      clientToken = request.clientToken
      const next = await this.startNexts({
        deviceId: device.id,
        statusDetails: request.statusDetails,
        stepTimeoutAt: stepDeadline(request.stepTimeoutInMinutes, null, new Date()),
      })
      const job = next && (await this.facts.of(next.row.jobId))
      const started = next && job && { ...next, job }
      await this.deps.publish(topics.jobs.startNextAccepted(thing), {
        ...(started
          ? { execution: executionDocument(started.row, await this.forDevice(started.job.document, thing)) }
          : {}),
        timestamp: nowSeconds(),
        ...(clientToken ? { clientToken } : {}),
      })
      // The head stays the head (IN_PROGRESS comes first): only the list changed.
      if (started?.changed) await this.tellChanged(device.id, thing, started.row, { list: true, next: false })
    } catch (error) {
      await this.reject(topics.jobs.startNextRejected(thing), error, clientToken)
    }
  }

  /** `$aws/things/{thing}/jobs/{jobId}/get`, `$next` for the next pending execution. */
  async handleDescribe(thing: string, level: string, payload: Buffer): Promise<void> {
    const device = await this.device(thing)
    const rejected = rejectedTopicOf(thing, level, 'get')
    let clientToken: string | undefined
    try {
      const jobId = jobIdOf(level, true, payload)
      const request = readDescribeRequest(payload)
      clientToken = request.clientToken
      const row =
        jobId === NEXT_JOB_ID
          ? (await this.pending(device.id, 1))[0]
          : await jobsRepository(this.deps.db).find(jobId, device.id, request.executionNumber)
      if (!row && jobId !== NEXT_JOB_ID)
        throw new JobsRefusal('ResourceNotFound', `Job execution ${jobId} not found for ${thing}`)
      const document =
        row && request.includeJobDocument !== false
          ? (await this.facts.documents([row.jobId])).get(row.jobId)
          : undefined
      await this.deps.publish(topics.jobs.describeAccepted(thing, jobId), {
        ...(row ? { execution: executionDocument(row, await this.forDevice(document, thing)) } : {}),
        timestamp: nowSeconds(),
        ...(clientToken ? { clientToken } : {}),
      })
    } catch (error) {
      await this.reject(rejected, error, clientToken)
    }
  }

  /** `$aws/things/{thing}/jobs/{jobId}/update`: the device reports progress or an outcome. */
  async handleUpdate(thing: string, level: string, payload: Buffer): Promise<void> {
    const device = await this.device(thing)
    const rejected = rejectedTopicOf(thing, level, 'update')
    let clientToken: string | undefined
    try {
      const jobId = jobIdOf(level, false, payload)
      const request = readUpdateRequest(payload)
      clientToken = request.clientToken
      const outcome =
        (await this.progress(device.id, jobId, request)) ??
        (await this.finish(device.id, jobId, request)) ??
        (await this.deps.db.transaction(async (tx) => {
          const jobs = jobsRepository(tx)
          // Locks the device's queue first, so its requests change it one at a time.
          const [headBefore] = await jobs.pending(device.id, 1, true)
          const row = await jobs.find(jobId, device.id, request.executionNumber, true)
          if (!row) throw new JobsRefusal('ResourceNotFound', `Job execution ${jobId} not found for ${thing}`)
          if (isTerminalJobStatus(row.status))
            throw new JobsRefusal(
              'InvalidStateTransition',
              `Job execution is already ${row.status}`,
              undefined,
              undefined,
              executionState(row),
            )
          if (request.expectedVersion !== undefined && request.expectedVersion !== row.versionNumber)
            throw new JobsRefusal(
              'VersionMismatch',
              'expectedVersion is not the current version',
              undefined,
              undefined,
              executionState(row),
            )
          const job = (await this.facts.of(jobId, tx))!
          const saved = await jobs.save(row, updated(row, request, job))
          if (isTerminalJobStatus(saved.status)) await jobs.completeIfDone(jobId)
          const [headAfter] = await jobs.pending(device.id, 1)
          return { previous: row, saved, job, nextChanged: !sameExecution(headBefore, headAfter) }
        }))
      const { previous, saved, job, nextChanged } = outcome
      await this.deps.publish(topics.jobs.updateAccepted(thing, jobId), {
        ...(request.includeJobExecutionState ? { executionState: executionState(saved) } : {}),
        ...(request.includeJobDocument ? { jobDocument: await this.forDevice(job.document, thing) } : {}),
        timestamp: nowSeconds(),
        ...(clientToken ? { clientToken } : {}),
      })
      await this.tellChanged(device.id, thing, saved, {
        list: previous.status !== saved.status,
        next: nextChanged,
      })
    } catch (error) {
      await this.reject(rejected, error, clientToken)
    }
  }

  /**
   * Progress on a running execution (IN_PROGRESS staying IN_PROGRESS: new statusDetails, a step
   * timer), most of what a device says during a long job, written with other devices' progress
   * in one statement (ProgressWrites) instead of a transaction of six each: neither the device's
   * queue nor its head changes, and the job is known.
   * Undefined when the request is anything else, or the execution is not the running one it names
   * at the version it expects: the full path then does it, or says why not.
   */
  private async progress(
    deviceId: number,
    jobId: string,
    request: UpdateJobRequest,
  ): Promise<SavedUpdate | undefined> {
    if (request.status !== 'IN_PROGRESS') return undefined
    const job = await this.facts.of(jobId)
    if (!job) return undefined
    const saved = await this.progressWrites.save({
      ...groupedTarget(deviceId, jobId, request),
      statusDetails: request.statusDetails,
    })
    return saved && { previous: saved, saved, job, nextChanged: false }
  }

  /**
   * The outcome of a running execution (IN_PROGRESS to SUCCEEDED, FAILED or REJECTED, with its
   * statusDetails), the end of nearly every job, written with other devices' outcomes in one
   * statement (`saveOutcomes`) instead of a transaction of seven round trips, which on the
   * embedded database held its one session for all of them. Undefined as for `progress`.
   */
  private async finish(
    deviceId: number,
    jobId: string,
    request: UpdateJobRequest,
  ): Promise<SavedUpdate | undefined> {
    const { status, statusDetails } = request
    if ((status !== 'SUCCEEDED' && status !== 'FAILED' && status !== 'REJECTED') || !statusDetails)
      return undefined
    const job = await this.facts.of(jobId)
    if (!job) return undefined
    const saved = await this.outcomeWrites.save({
      ...groupedTarget(deviceId, jobId, request),
      status,
      statusDetails,
      reason: failureOf(status, statusDetails),
    })
    return saved && { previous: { status: 'IN_PROGRESS' }, saved, job, nextChanged: saved.wasHead }
  }

  /** Answers a request over the device's jobs rate with RequestThrottled (and its clientToken). */
  async tooManyRequests(thing: string, topic: string, payload: Buffer): Promise<void> {
    const rejected = rejectedTopicOf(thing, topic.split('/').slice(4, -1).join('/'), topic.split('/').at(-1)!)
    if (!rejected) return
    await this.deps.publish(rejected, {
      code: 'RequestThrottled',
      message: 'The request was throttled',
      timestamp: nowSeconds(),
      ...withToken(clientTokenIn(payload)),
    } satisfies JobsErrorResponse)
  }

  /** The device's first `limit` pending executions, in AWS's order (read with others': pendingReads). */
  private async pending(deviceId: number, limit: number): Promise<ExecutionRow[]> {
    return (await this.pendingReads.submit(deviceId)).slice(0, limit)
  }

  private async device(thing: string) {
    const device = await this.deps.directory.find(thing)
    if (!device) throw new DeviceRefusal('unknown-device', 'no such device')
    return device
  }

  /** Publishes notify-next to a device that has a next execution (a Canopy addition: see above). */
  private async remindNext(deviceId: number, thing: string): Promise<void> {
    const [head] = await this.pending(deviceId, 1)
    if (!head) return
    const document = (await this.facts.documents([head.jobId])).get(head.jobId)
    await this.deps.publish(topics.jobs.notifyNext(thing), {
      timestamp: nowSeconds(),
      execution: executionDocument(head, await this.forDevice(document, thing)),
    })
  }

  /** The document as this device receives it: its presigned placeholders filled (see presign). */
  private async forDevice(document: JsonObject | undefined, thing: string): Promise<JsonObject | undefined> {
    await this.opened
    if (!document || this.presigners.size === 0) return document
    return fillPresigned(document, (kind, id) => this.presigners.get(kind)?.(id, thing))
  }

  /**
   * Tells each device of a changed execution of a batch (queued, canceled, timed out): its list
   * changed; its next execution changed when the execution is now at the head (queued), or was
   * (finished: nothing still pending comes before where it stood, as `was`).
   *
   * In waves of ANNOUNCE_WAVE devices. The first wave is told before this returns; the rest, in
   * the background, each once the device-message queue has room for the start-nexts the wave
   * will bring (`queueRoom`). Told all at once, a 10,000-device backup's devices all asked at
   * once, the queue aged past DEVICE_MESSAGES_MAX_WAIT_MS, and those refused backed off for up to
   * a minute: the last devices finished long after the rest (AWS paces a job's notifications
   * too: its rollout rate). A crash between waves loses nobody: at start every online device
   * with a queued execution is reminded (`remindQueued`).
   */
  private async announce(changed: ChangedExecution[], knownDocument?: JsonObject): Promise<void> {
    const waves = groupsOf(changed, this.deps.announceWave ?? ANNOUNCE_WAVE)
    await this.announceWave(waves[0] ?? [], knownDocument)
    if (waves.length > 1)
      void this.announceLater(waves.slice(1), knownDocument).catch((error: unknown) =>
        this.deps.reportError(error, 'announcing a job to its devices failed'),
      )
  }

  private async announceLater(waves: ChangedExecution[][], knownDocument?: JsonObject): Promise<void> {
    for (const wave of waves) {
      await this.deps.queueRoom(wave.length)
      await this.announceWave(wave, knownDocument)
    }
  }

  private async announceWave(wave: ChangedExecution[], knownDocument?: JsonObject): Promise<void> {
    // The devices' queues in one read, not two a device.
    const queues = groupBy(
      await jobsRepository(this.deps.db).pendingOfDevices(wave.map(({ row }) => row.deviceId)),
      (row) => row.deviceId,
    )
    await eachConcurrently(wave, ANNOUNCE_AT_ONCE, async ({ row, was }) => {
      const pending = (queues.get(row.deviceId) ?? []).slice(0, NOTIFY_PENDING_MAX)
      const head = pending[0]
      const next = was ? !head || queuedBefore({ ...row, status: was }, head) : sameExecution(head, row)
      await this.tellChanged(row.deviceId, row.thing, row, { list: true, next }, knownDocument, pending)
    })
  }

  /** `notify` (the list) and `notify-next` (the head) as AWS publishes them, then the bus. */
  private async tellChanged(
    deviceId: number,
    thing: string,
    row: ExecutionRow,
    changed: { list: boolean; next: boolean },
    knownDocument?: JsonObject,
    /** the device's pending executions, when the caller has just read them */
    known?: ExecutionRow[],
  ): Promise<void> {
    if (changed.list || changed.next) {
      const pending = known ?? (await this.pending(deviceId, NOTIFY_PENDING_MAX))
      if (changed.list) await this.deps.publish(topics.jobs.notify(thing), pendingList(pending))
      if (changed.next) {
        const head = pending[0]
        const document =
          head &&
          (knownDocument && head.jobId === row.jobId
            ? knownDocument
            : (await this.facts.documents([head.jobId])).get(head.jobId))
        await this.deps.publish(topics.jobs.notifyNext(thing), {
          timestamp: nowSeconds(),
          ...(head ? { execution: executionDocument(head, await this.forDevice(document, thing)) } : {}),
        })
      }
    }
    const operation = (await this.facts.of(row.jobId))?.operation ?? 'unknown'
    this.deps.events.emit('jobExecutionUpdated', {
      deviceId,
      thing,
      operation,
      execution: executionDocument(row),
    })
  }

  /**
   * AWS's ErrorResponse on the request's `rejected` topic; then an unexpected error is thrown on,
   * and a device's fault thrown as a DeviceRefusal (counted). No topic: nowhere to answer.
   */
  private async reject(topic: string | undefined, error: unknown, clientToken: string | undefined) {
    const refused =
      error instanceof JobsRefusal ? error : new JobsRefusal('InternalError', 'Internal service failure')
    if (topic) {
      const response: JobsErrorResponse = {
        code: refused.code,
        message: refused.message,
        timestamp: nowSeconds(),
        ...withToken(refused.clientToken ?? clientToken),
        ...(refused.executionState ? { executionState: refused.executionState } : {}),
      }
      await this.deps.publish(topic, response)
    }
    if (!(error instanceof JobsRefusal)) throw error
    if (refused.reason) throw new DeviceRefusal(refused.reason, `${refused.code} ${refused.message}`)
  }
}

/** An update saved: the execution before and after, its job, and whether the device's head changed. */
interface SavedUpdate {
  previous: { status: string }
  saved: ExecutionRow
  job: JobFacts
  nextChanged: boolean
}

/** An execution a batch changed, and the status it had before (none: it was just queued). */
interface ChangedExecution {
  row: ExecutionRow
  was?: 'QUEUED' | 'IN_PROGRESS'
}

const withToken = (clientToken: string | undefined) => (clientToken ? { clientToken } : {})

/**
 * The `rejected` topic of a request on `{level}/{request}`: built from a level that is a job id
 * (or `$next`), or one harmless to echo (printable, no wildcard), so an answer never lands on a
 * topic the device did not name. Undefined: the request is not answered (only counted).
 */
function rejectedTopicOf(thing: string, level: string, request: string): string | undefined {
  const prefix = `$aws/things/${thing}/jobs`
  if (level === '') return `${prefix}/${request}/rejected`
  if (!/^[\x21-\x7e]{1,128}$/.test(level) || /[+#/]/.test(level)) return undefined
  return `${prefix}/${level}/${request}/rejected`
}

function inProgressDeadline(job: Pick<JobRow, 'executionPolicy'>, from: Date): Date | null {
  const minutes = job.executionPolicy.inProgressTimeoutInMinutes
  return minutes ? new Date(from.getTime() + minutes * MINUTE_MS) : null
}

/**
 * The execution a grouped write (progress, outcome) changes, as the request names it, and its
 * step timer: set anew, cancelled (null), or kept when not named.
 */
function groupedTarget(deviceId: number, jobId: string, request: UpdateJobRequest) {
  const minutes = request.stepTimeoutInMinutes
  return {
    jobId,
    deviceId,
    executionNumber: request.executionNumber,
    expectedVersion: request.expectedVersion,
    stepTimeoutAt: minutes === undefined ? ('keep' as const) : stepDeadline(minutes, null, new Date()),
  }
}

/** A step timer: set anew by a number of minutes, cancelled by -1, kept when not named. */
function stepDeadline(minutes: number | undefined, current: Date | null, from: Date): Date | null {
  if (minutes === undefined) return current
  if (minutes === STEP_TIMEOUT_MINUTES.cancel) return null
  return new Date(from.getTime() + minutes * MINUTE_MS)
}

/** What an accepted update makes of an execution (AWS: statusDetails replaced when given). */
function updated(
  row: ExecutionRow,
  request: ReturnType<typeof readUpdateRequest>,
  job: Pick<JobRow, 'executionPolicy'>,
): ExecutionChange {
  const now = new Date()
  const starting = row.status === 'QUEUED' && request.status === 'IN_PROGRESS'
  const statusDetails = request.statusDetails ?? row.statusDetails
  const reason = failureOf(request.status, statusDetails)
  return {
    status: request.status,
    statusDetails,
    startedAt: row.startedAt ?? (request.status === 'IN_PROGRESS' ? now : null),
    inProgressTimeoutAt: starting ? inProgressDeadline(job, now) : row.inProgressTimeoutAt,
    stepTimeoutAt: stepDeadline(request.stepTimeoutInMinutes, row.stepTimeoutAt, now),
    ...(reason ? { reason } : {}),
  }
}

/**
 * The reason a device's FAILED or REJECTED gives, as data: its statusDetails' `reason` when it is
 * a code (lower-case letters, digits, _), else `failed` or `refused`; its `message` as the detail.
 */
function failureOf(status: string, details: Record<string, string>): FailureReason | undefined {
  if (status !== 'FAILED' && status !== 'REJECTED') return undefined
  const given = details.reason
  const code =
    given !== undefined && REASON_CODE.test(given) ? given : status === 'FAILED' ? 'failed' : 'refused'
  return { code, ...(details.message ? { detail: details.message } : {}) }
}
