import type { JobExecution, StatusDetails } from '@canopy/shared/protocol'
import { describe, expect, it } from 'vitest'
import { type JobHandler, JobsClient, STAYS_IN_PROGRESS } from './jobs-client'

const THING = 'cnp-02c10100002a'

/**
 * A cloud that accepts every update (or refuses the first with VersionMismatch, or throttles some)
 * and records what it heard.
 */
function cloud(
  handlers: Record<string, JobHandler>,
  options: { mismatchFirst?: boolean; unanswered?: number[]; throttled?: number[] } = {},
) {
  const heard: Array<{ topic: string; payload: Record<string, unknown> }> = []
  let version = 2
  let mismatch = options.mismatchFirst ?? false
  const client: JobsClient = new JobsClient(
    THING,
    async (topic, payload) => {
      const body = payload as Record<string, unknown>
      heard.push({ topic, payload: body })
      if (!topic.endsWith('/update')) return
      // A busy cloud that takes an update but answers too late (these updates, by their order).
      if (options.unanswered?.includes(heard.filter(({ topic }) => topic.endsWith('/update')).length)) {
        version++
        return
      }
      // A cloud too busy to take these updates (by their order): it says so and takes nothing.
      if (options.throttled?.includes(heard.filter(({ topic }) => topic.endsWith('/update')).length)) {
        const answer = { clientToken: body.clientToken as string, code: 'RequestThrottled' }
        setImmediate(() => void client.receive(`${topic}/rejected`, answer))
        return
      }
      const refuse = mismatch
      mismatch = false
      if (!refuse) version++
      else version += 5
      const executionState = { status: 'IN_PROGRESS' as const, statusDetails: {}, versionNumber: version }
      setImmediate(
        () =>
          void client.receive(
            `${topic}/${refuse ? 'rejected' : 'accepted'}`,
            refuse
              ? { clientToken: body.clientToken as string, code: 'VersionMismatch', executionState }
              : {
                  clientToken: body.clientToken as string,
                  executionState,
                },
          ),
      )
    },
    handlers,
    () => {},
    50,
    5,
  )
  const execution = (statusDetails: StatusDetails = {}): JobExecution => ({
    jobId: 'job-1',
    thingName: THING,
    jobDocument: { operation: 'work' },
    status: 'IN_PROGRESS',
    statusDetails,
    queuedAt: 1,
    lastUpdatedAt: 1,
    versionNumber: 2,
    executionNumber: 1,
  })
  const give = (details?: StatusDetails) =>
    client.receive(`$aws/things/${THING}/jobs/start-next/accepted`, { execution: execution(details) })
  const updates = () => heard.filter(({ topic }) => topic.endsWith('/update')).map(({ payload }) => payload)
  const asked = () => heard.filter(({ topic }) => topic.endsWith('/start-next')).length
  return { client, give, updates, asked, execution }
}

describe('the jobs client', () => {
  it('leaves an execution IN_PROGRESS when its handler says so, and asks for no other meanwhile', async () => {
    const { client, give, updates, asked, execution } = cloud({
      work: async (_, report) => {
        await report({ phase: 'rebooting' })
        return STAYS_IN_PROGRESS
      },
    })
    await give()
    expect(updates().map((update) => update.status)).toEqual(['IN_PROGRESS'])
    expect(asked()).toBe(0)
    // Until it restarts, the execution is not taken up again, nor another one asked for.
    await give({ phase: 'rebooting' })
    await client.receive(`$aws/things/${THING}/jobs/notify-next`, { execution: execution() })
    expect(updates()).toHaveLength(1)
    expect(asked()).toBe(0)
  })

  it('abandons the running handler when the device restarts, and takes the execution up again with its details', async () => {
    const seen: StatusDetails[] = []
    let release: () => void = () => {}
    const { client, give, updates, asked } = cloud({
      work: async (_, report, { statusDetails, signal }) => {
        seen.push(statusDetails)
        if (seen.length === 1) {
          await report({ phase: 'downloading' })
          await new Promise<void>((resolve) => {
            release = resolve
            signal.addEventListener('abort', () => resolve())
          })
          // Whatever it tries after the restart goes nowhere.
          await report({ phase: 'late' })
        }
        return { done: 'yes' }
      },
    })
    const first = give()
    await new Promise((resolve) => setTimeout(resolve, 20))
    client.reset()
    release()
    await first
    expect(updates().map((update) => update.status)).toEqual(['IN_PROGRESS'])
    expect(asked()).toBe(0)

    await give({ phase: 'downloading' })
    expect(seen).toEqual([{}, { phase: 'downloading' }])
    expect(updates().map((update) => update.status)).toEqual(['IN_PROGRESS', 'SUCCEEDED'])
    expect(asked()).toBe(1)
  })

  it('says an update again with the version a VersionMismatch tells, while the execution still runs', async () => {
    const { give, updates } = cloud({ work: async () => ({ done: 'yes' }) }, { mismatchFirst: true })
    await give()
    expect(updates().map((update) => [update.status, update.expectedVersion])).toEqual([
      ['SUCCEEDED', 2],
      ['SUCCEEDED', 7],
    ])
  })

  it('goes on when a progress report is not answered, and says the outcome again until it is', async () => {
    const { give, updates } = cloud(
      {
        work: async (_, report) => {
          await report({ phase: 'downloading' })
          await report({ phase: 'flashing' })
          return { done: 'yes' }
        },
      },
      { unanswered: [1, 3] },
    )
    await give()
    expect(updates().map((update) => `${update.status} ${update.expectedVersion}`)).toEqual([
      'IN_PROGRESS 2',
      // (this cloud checks no versions: it took the first, and its answer to the second says 4)
      'IN_PROGRESS 2',
      'SUCCEEDED 4',
      'SUCCEEDED 4',
    ])
  })

  it('asks start-next again after a wait when a busy cloud throttled it, not at once', async () => {
    const { client, asked } = cloud({ work: async () => ({}) })
    await client.receive(`$aws/things/${THING}/jobs/start-next/rejected`, {
      clientToken: 'next-1',
      code: 'RequestThrottled',
    })
    expect(asked()).toBe(0)
    await expect.poll(asked, { timeout: 1000, interval: 5 }).toBe(1)
  })

  it('says a throttled outcome again, after a wait, until the cloud takes it', async () => {
    const { give, updates, asked } = cloud({ work: async () => ({ done: 'yes' }) }, { throttled: [1, 2] })
    await give()
    expect(updates().map((update) => update.status)).toEqual(['SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED'])
    expect(asked()).toBe(1)
  })
})
