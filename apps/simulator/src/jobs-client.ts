import {
  type JobExecution,
  type JobExecutionState,
  type JobsErrorResponse,
  type JsonObject,
  type StatusDetails,
  topics,
} from '@canopy/shared/protocol'

/** What a handler reports as it goes (each call is an `update` with `IN_PROGRESS`). */
export type ReportPhase = (statusDetails: StatusDetails) => Promise<void>

/**
 * Runs one job `operation` on the device. Resolving is SUCCEEDED (with the details it returns);
 * throwing is FAILED with the error's message as `reason`.
 */
export type JobHandler = (document: JsonObject, report: ReportPhase) => Promise<StatusDetails | undefined>

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
const ANSWER_TIMEOUT_MS = 10_000

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
  /** the version the cloud holds of the running execution (each accepted update adds one) */
  private version = 0
  private requests = 0
  /** updates waiting for their answer, by clientToken */
  private readonly waiting = new Map<string, (answer: UpdateAnswer, accepted: boolean) => void>()

  constructor(
    private readonly thing: string,
    private readonly publish: Publish,
    private readonly handlers: Partial<Record<string, JobHandler>>,
    private readonly log: (line: string) => void,
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

  /** Takes a message on one of `subscriptions`; false when it is not a jobs message. */
  async receive(topic: string, body: { execution?: JobExecution } & UpdateAnswer): Promise<boolean> {
    if (topic === topics.jobs.notifyNext(this.thing)) {
      if (body.execution && !this.running) await this.askNext()
      return true
    }
    if (topic === topics.jobs.startNextAccepted(this.thing)) {
      if (body.execution && this.running !== body.execution.jobId) await this.run(body.execution)
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
    this.running = execution.jobId
    this.version = execution.versionNumber
    const document = execution.jobDocument ?? {}
    const operation = typeof document.operation === 'string' ? document.operation : ''
    const handler = this.handlers[operation]
    this.log(`jobs: ${execution.jobId} (${operation || 'no operation'}) started`)
    try {
      if (!handler) {
        await this.update(execution.jobId, 'REJECTED', {
          reason: `unsupported operation ${operation}`.slice(0, 1024),
        })
        return
      }
      const report: ReportPhase = (details) => this.update(execution.jobId, 'IN_PROGRESS', details)
      let outcome: { status: 'SUCCEEDED' | 'FAILED'; details: StatusDetails }
      try {
        outcome = { status: 'SUCCEEDED', details: (await handler(document, report)) ?? {} }
      } catch (error) {
        outcome = {
          status: 'FAILED',
          details: { reason: ((error as Error).message || 'failed').slice(0, 1024) },
        }
      }
      await this.update(execution.jobId, outcome.status, outcome.details)
      this.log(`jobs: ${execution.jobId} ${outcome.status}`)
    } catch (error) {
      // Cancelled or timed out meanwhile, or the cloud went away: the cloud's record stands.
      this.log(`jobs: ${execution.jobId} not finished: ${(error as Error).message}`)
    } finally {
      this.running = undefined
    }
    // The next execution, if one waits (its notify-next may have come while this one ran).
    await this.askNext()
  }

  /**
   * An update with the version the cloud holds, answered before it returns: accepted, the
   * version the answer tells; refused, it throws (a VersionMismatch still teaches the version).
   */
  private async update(jobId: string, status: string, statusDetails: StatusDetails): Promise<void> {
    const clientToken = `u-${++this.requests}`
    const answer = new Promise<{ body: UpdateAnswer; accepted: boolean }>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(clientToken)
        reject(new Error(`no answer to the update of ${jobId}`))
      }, ANSWER_TIMEOUT_MS)
      this.waiting.set(clientToken, (body, accepted) => {
        clearTimeout(timer)
        this.waiting.delete(clientToken)
        resolve({ body, accepted })
      })
    })
    await this.publish(topics.jobs.update(this.thing, jobId), {
      status,
      statusDetails,
      expectedVersion: this.version,
      includeJobExecutionState: true,
      clientToken,
    })
    const { body, accepted } = await answer
    if (body.executionState) this.version = body.executionState.versionNumber
    if (!accepted) throw new Error(`update of ${jobId} refused: ${(body as JobsErrorResponse).code}`)
  }
}
