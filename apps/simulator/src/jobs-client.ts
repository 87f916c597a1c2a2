import {
  type JobExecution,
  type JobExecutionState,
  type JobsErrorResponse,
  type JsonObject,
  type StatusDetails,
  topics,
} from '@canopy/shared/protocol'
import { backOffMs } from './back-off'

/** What a handler reports as it goes (each call is an `update` with `IN_PROGRESS`). */
export type ReportPhase = (statusDetails: StatusDetails) => Promise<void>

/** What a handler knows beyond its document. */
export interface JobContext {
  /** the execution's details as the cloud holds them: empty for a new one, the last phase reported
   * for one the device takes up again after a restart */
  statusDetails: StatusDetails
  /** aborted when the device loses power or reboots: the handler's work is gone with its memory */
  signal: AbortSignal
}

/** A handler's answer that leaves the execution IN_PROGRESS: the device restarts and takes it up
 * again (as `start-next` gives it back), e.g. to finish an upgrade on its new firmware. */
export const STAYS_IN_PROGRESS = Symbol('stays in progress')

/**
 * Runs one job `operation` on the device. Resolving is SUCCEEDED (with the details it returns),
 * or nothing yet with {@link STAYS_IN_PROGRESS}; throwing a {@link JobFailure} ends the execution
 * with its status and details; any other error is FAILED with the error's message as `reason`.
 */
export type JobHandler = (
  document: JsonObject,
  report: ReportPhase,
  context: JobContext,
) => Promise<StatusDetails | undefined | typeof STAYS_IN_PROGRESS>

/** A handler's failure with the statusDetails to report (`reason` and `message`, say). */
export class JobFailure extends Error {
  constructor(
    readonly details: StatusDetails,
    readonly status: 'FAILED' | 'REJECTED' = 'FAILED',
  ) {
    super(details.message ?? details.reason ?? 'failed')
  }
}

/** The operations every virtual device knows. */
export const BUILT_IN_JOB_HANDLERS: Partial<Record<string, JobHandler>> = {
  /** A test operation: reports one phase, then succeeds with the document's `message`. */
  echo: async (document, report) => {
    await report({ phase: 'running' })
    return {
      phase: 'done',
      ...(typeof document.message === 'string' ? { echo: document.message.slice(0, 1024) } : {}),
    }
  },
}

type Publish = (topic: string, payload: unknown) => Promise<void>

/** how long an update waits for its answer */
const ANSWER_TIMEOUT_MS = 15_000
/** how often an outcome the cloud did not answer is said again */
const OUTCOME_ATTEMPTS = 3
/** how often an outcome a busy cloud throttled is said again, each after a longer wait */
const THROTTLED_ATTEMPTS = 12
/** the first wait before asking a throttling cloud again; each next one doubles, up to 32× */
const RETRY_DELAY_MS = 1_000

/** An update the cloud did not answer in time (it may still have taken it). */
class NoAnswer extends Error {}

/** A request a busy cloud answered with RequestThrottled: it took nothing, ask again later. */
class Throttled extends NoAnswer {}

/** An update the cloud refused: the execution ended meanwhile (canceled, timed out) or is not ours. */
class UpdateRefused extends Error {}

type UpdateAnswer = {
  clientToken?: string
  executionState?: JobExecutionState
  code?: string
  message?: string
}

/**
 * A device's side of AWS IoT Jobs (docs/protocol.md, "Long operations"): on `notify-next` or
 * after connecting it asks `start-next`, runs the execution it gets with the handler of its
 * document's `operation`, reports each phase in `statusDetails` with the execution's version
 * (each update waits for its answer, which tells the next version), and ends SUCCEEDED, FAILED,
 * or REJECTED for an operation it does not know. One job at a time.
 */
export class JobsClient {
  /** the execution being run, by job id */
  private running: string | undefined
  /** aborts the running handler (a power loss or reboot) */
  private interrupt: AbortController | undefined
  /** the version the cloud holds of the running execution (each accepted update adds one) */
  private version = 0
  private requests = 0
  /** updates waiting for their answer, by clientToken */
  private readonly waiting = new Map<string, (answer: UpdateAnswer, accepted: boolean) => void>()
  /** a start-next the cloud throttled, to be asked again; how many times in a row */
  private askAgain: NodeJS.Timeout | undefined
  private throttledAsks = 0

  constructor(
    private readonly thing: string,
    private readonly publish: Publish,
    private readonly handlers: Partial<Record<string, JobHandler>>,
    private readonly log: (line: string) => void,
    /** how long an update waits for its answer */
    private readonly answerTimeoutMs = ANSWER_TIMEOUT_MS,
    /** the first wait before asking a throttling cloud again */
    private readonly retryDelayMs = RETRY_DELAY_MS,
  ) {}

  /** The topics it hears (subscribe to them before `start`). */
  get subscriptions(): string[] {
    return [
      topics.jobs.notifyNext(this.thing),
      topics.jobs.startNextAccepted(this.thing),
      topics.jobs.startNextRejected(this.thing),
      `$aws/things/${this.thing}/jobs/+/update/accepted`,
      `$aws/things/${this.thing}/jobs/+/update/rejected`,
    ]
  }

  /** After connecting: a job queued while the device was away comes back as the answer. */
  start(): Promise<void> {
    return this.askNext()
  }

  /**
   * The device lost power or rebooted: the running handler is abandoned (its memory is gone) and
   * updates waiting for their answer give up. After connecting again, `start` asks for the next
   * execution, which is the one left IN_PROGRESS.
   */
  reset(): void {
    this.interrupt?.abort(new Error('the device restarted'))
    this.interrupt = undefined
    this.running = undefined
    clearTimeout(this.askAgain)
    this.askAgain = undefined
    for (const answer of [...this.waiting.values()]) answer({ code: 'Interrupted' }, false)
  }

  /** Takes a message on one of `subscriptions`; false when it is not a jobs message. */
  async receive(topic: string, body: { execution?: JobExecution } & UpdateAnswer): Promise<boolean> {
    if (topic === topics.jobs.notifyNext(this.thing)) {
      if (body.execution && !this.running) await this.askNext()
      return true
    }
    if (topic === topics.jobs.startNextAccepted(this.thing)) {
      this.throttledAsks = 0
      if (body.execution && this.running !== body.execution.jobId) await this.run(body.execution)
      return true
    }
    if (topic === topics.jobs.startNextRejected(this.thing) && body.code === 'RequestThrottled') {
      // A busy cloud took nothing: without asking again, a job queued for this device would wait
      // for a notify-next that was already sent (docs/protocol.md, "Limits and refusals").
      if (!this.running && !this.askAgain) {
        const wait = backOffMs(++this.throttledAsks, this.retryDelayMs)
        this.log(`jobs: start-next throttled; asking again in ${Math.round(wait)} ms`)
        this.askAgain = setTimeout(() => {
          this.askAgain = undefined
          if (!this.running) void this.askNext()
        }, wait)
        this.askAgain.unref()
      }
      return true
    }
    if (!topic.startsWith(`$aws/things/${this.thing}/jobs/`)) return false
    const answered = body.clientToken ? this.waiting.get(body.clientToken) : undefined
    if (answered) answered(body, topic.endsWith('/accepted'))
    else if (topic.endsWith('/rejected')) this.log(`jobs: ${topic} refused: ${body.code} ${body.message}`)
    return topic.endsWith('/accepted') || topic.endsWith('/rejected')
  }

  private askNext(): Promise<void> {
    return this.publish(topics.jobs.startNext(this.thing), { clientToken: `next-${++this.requests}` })
  }

  private async run(execution: JobExecution): Promise<void> {
    const interrupt = new AbortController()
    const signal = interrupt.signal
    this.interrupt?.abort(new Error('another execution started'))
    this.interrupt = interrupt
    this.running = execution.jobId
    this.version = execution.versionNumber
    const document = execution.jobDocument ?? {}
    const operation = typeof document.operation === 'string' ? document.operation : ''
    const handler = this.handlers[operation]
    this.log(`jobs: ${execution.jobId} (${operation || 'no operation'}) started`)
    let staysInProgress = false
    try {
      if (!handler) {
        await this.update(execution.jobId, 'REJECTED', {
          reason: `unsupported operation ${operation}`.slice(0, 1024),
        })
        return
      }
      const report: ReportPhase = async (details) => {
        if (signal.aborted) throw signal.reason
        try {
          await this.update(execution.jobId, 'IN_PROGRESS', details)
        } catch (error) {
          // Progress a busy cloud did not acknowledge is no reason to stop the work: the next
          // report, or the outcome, tells it (a VersionMismatch then teaches the version).
          if (!(error instanceof NoAnswer)) throw error
          this.log(`jobs: ${execution.jobId}: ${error.message}; going on`)
        }
      }
      let outcome: { status: 'SUCCEEDED' | 'FAILED' | 'REJECTED'; details: StatusDetails }
      try {
        const result = await handler(document, report, {
          statusDetails: execution.statusDetails ?? {},
          signal,
        })
        if (signal.aborted) throw signal.reason
        if (result === STAYS_IN_PROGRESS) {
          staysInProgress = true
          this.log(`jobs: ${execution.jobId} continues after the restart`)
          return
        }
        outcome = { status: 'SUCCEEDED', details: result ?? {} }
      } catch (error) {
        // Restarted, or the execution ended under it: nothing to report.
        if (signal.aborted || error instanceof UpdateRefused) throw error
        outcome =
          error instanceof JobFailure
            ? { status: error.status, details: error.details }
            : { status: 'FAILED', details: { reason: ((error as Error).message || 'failed').slice(0, 1024) } }
      }
      await this.settle(execution.jobId, outcome.status, outcome.details)
      this.log(`jobs: ${execution.jobId} ${outcome.status}`)
    } catch (error) {
      // Cancelled or timed out meanwhile, the cloud went away, or the device restarted: the
      // cloud's record stands.
      this.log(`jobs: ${execution.jobId} not finished: ${(error as Error).message}`)
    } finally {
      // An execution left IN_PROGRESS stays this device's until it restarts (`reset`): a
      // notify-next heard meanwhile must not take it up again on the firmware it is leaving.
      if (this.interrupt === interrupt && !staysInProgress) {
        this.running = undefined
        this.interrupt = undefined
      }
    }
    // The next execution, if one waits (its notify-next may have come while this one ran); a
    // device restarting asks once it is back.
    if (!signal.aborted && !staysInProgress) await this.askNext()
  }

  /**
   * The outcome, said again while a busy cloud does not answer or throttles it, after a growing
   * wait when throttled (an outcome must not be lost).
   */
  private async settle(jobId: string, status: string, statusDetails: StatusDetails): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.update(jobId, status, statusDetails)
      } catch (error) {
        const throttled = error instanceof Throttled
        if (!(error instanceof NoAnswer) || attempt >= (throttled ? THROTTLED_ATTEMPTS : OUTCOME_ATTEMPTS))
          throw error
        if (throttled)
          await new Promise((resolve) => setTimeout(resolve, backOffMs(attempt, this.retryDelayMs)))
      }
    }
  }

  /**
   * An update with the version the cloud holds, answered before it returns: accepted, the
   * version the answer tells; refused, it throws (a VersionMismatch still teaches the version).
   */
  private async update(
    jobId: string,
    status: string,
    statusDetails: StatusDetails,
    retried = false,
  ): Promise<void> {
    const clientToken = `u-${++this.requests}`
    const answer = new Promise<{ body: UpdateAnswer; accepted: boolean }>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(clientToken)
        reject(new NoAnswer(`no answer to the update of ${jobId}`))
      }, this.answerTimeoutMs)
      this.waiting.set(clientToken, (body, accepted) => {
        clearTimeout(timer)
        this.waiting.delete(clientToken)
        resolve({ body, accepted })
      })
    })
    // Awaited together: with the broker gone the publish waits for a reconnect, and the answer's
    // timeout must still end the wait (it was a rejection nobody heard, and a device stuck).
    // A publish the connection's loss cut short is unanswered too (the device is going off the
    // network): progress goes on, an outcome is said again.
    const sent = this.publish(topics.jobs.update(this.thing, jobId), {
      status,
      statusDetails,
      expectedVersion: this.version,
      includeJobExecutionState: true,
      clientToken,
    }).catch((error: Error) => {
      this.waiting.delete(clientToken)
      throw new NoAnswer(`the update of ${jobId} was not sent: ${error.message}`)
    })
    const [, { body, accepted }] = await Promise.all([sent, answer])
    if (body.executionState) this.version = body.executionState.versionNumber
    if (accepted) return
    // The cloud changed the execution meanwhile (its version moved on) but it still runs: say it again.
    const state = body.executionState?.status
    if (!retried && body.code === 'VersionMismatch' && (state === 'IN_PROGRESS' || state === 'QUEUED'))
      return this.update(jobId, status, statusDetails, true)
    if (body.code === 'RequestThrottled') throw new Throttled(`update of ${jobId} throttled`)
    throw new UpdateRefused(`update of ${jobId} refused: ${(body as JobsErrorResponse).code}`)
  }
}
