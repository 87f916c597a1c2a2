import { PROFILES } from '@canopy/simulator'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { giveToTenant, importSimulatedCatalogue, registerDevice, signedInTenant } from '../../../test/devices'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { jobsRepository } from './jobs.repository'

/**
 * Outcomes of many devices written in one statement (`saveOutcomes`): each answered as the full
 * path would, the head told, the job completed by whichever statement ends its last execution.
 */
describe('saveOutcomes', () => {
  let app: TestApp
  let tenantId: number
  let jobCount = 0

  beforeAll(async () => {
    app = await createTestApp()
    await importSimulatedCatalogue(app)
    ;({ tenantId } = await signedInTenant(app))
  })
  afterAll(() => app?.close())

  const device = async () => {
    const identity = await registerDevice(app, PROFILES[0]!)
    return giveToTenant(app, tenantId, identity.thingName)
  }
  const job = (deviceIds: number[]) =>
    app.gateway.jobs
      .createJob({ jobId: `outcomes-${++jobCount}`, tenantId, document: { operation: 'echo' }, deviceIds })
      .then((executions) => executions[0]!.jobId)
  const jobs = () => jobsRepository(app.database.db)
  const start = (deviceId: number) =>
    jobs().startNextMany([{ deviceId, statusDetails: undefined, stepTimeoutAt: null }])
  const statusOf = async (jobId: string) => (await jobs().findJob(jobId))!.status

  it('saves running executions, refuses the rest, tells which were the head, and completes the job with its last', async () => {
    const [a, b, c] = [await device(), await device(), await device()]
    const first = await job([a, b, c])
    const second = await job([a])
    for (const id of [a, b]) await start(id)
    const version = (await jobs().find(first, a, undefined))!.versionNumber

    const saved = await jobs().saveOutcomes([
      {
        jobId: first,
        deviceId: a,
        expectedVersion: version,
        status: 'SUCCEEDED',
        statusDetails: { done: 'yes' },
        stepTimeoutAt: 'keep',
      },
      {
        jobId: first,
        deviceId: b,
        expectedVersion: version + 5,
        status: 'SUCCEEDED',
        statusDetails: {},
        stepTimeoutAt: 'keep',
      },
      { jobId: first, deviceId: c, status: 'FAILED', statusDetails: {}, stepTimeoutAt: 'keep' },
    ])
    expect(saved[0]).toMatchObject({
      status: 'SUCCEEDED',
      statusDetails: { done: 'yes' },
      versionNumber: version + 1,
      wasHead: true,
    })
    // b is not at that version, c never started: neither is changed.
    expect(saved.slice(1)).toEqual([undefined, undefined])
    expect((await jobs().pending(a, 1))[0]!.jobId).toBe(second)
    expect(await statusOf(first)).toBe('IN_PROGRESS')

    await start(c)
    const [fromB, fromC] = await jobs().saveOutcomes([
      { jobId: first, deviceId: b, status: 'SUCCEEDED', statusDetails: {}, stepTimeoutAt: 'keep' },
      {
        jobId: first,
        deviceId: c,
        status: 'FAILED',
        statusDetails: { reason: 'no_space' },
        stepTimeoutAt: null,
        reason: { code: 'no_space' },
      },
    ])
    expect([fromB?.status, fromC?.status]).toEqual(['SUCCEEDED', 'FAILED'])
    expect(await statusOf(first)).toBe('COMPLETED')
    expect(await statusOf(second)).toBe('IN_PROGRESS')
  })

  it('leaves nothing for the sweep to complete but the jobs whose last executions ended apart', async () => {
    const a = await device()
    const jobId = await job([a])
    await start(a)
    // Ended by a path that does not complete jobs (as two instances' statements at once would leave it).
    await app.database.db.execute(sql`update job_executions set status = 'SUCCEEDED' where job_id = ${jobId}`)
    expect(await statusOf(jobId)).toBe('IN_PROGRESS')
    expect(await jobs().completeFinishedJobs()).toBeGreaterThanOrEqual(1)
    expect(await statusOf(jobId)).toBe('COMPLETED')
  })

  it("starts several devices' next executions in one statement, each answered in its request's place", async () => {
    const [queued, running, idle] = [await device(), await device(), await device()]
    const jobId = await job([queued, running])
    await start(running)
    const later = new Date(Date.now() + 5 * 60_000)

    const answers = await jobs().startNextMany([
      { deviceId: idle, statusDetails: undefined, stepTimeoutAt: null },
      { deviceId: queued, statusDetails: { phase: 'downloading' }, stepTimeoutAt: later },
      { deviceId: running, statusDetails: { phase: 'ignored' }, stepTimeoutAt: null },
    ])

    expect(answers[0]).toBeUndefined()
    expect(answers[1]).toMatchObject({
      changed: true,
      row: { jobId, deviceId: queued, status: 'IN_PROGRESS', statusDetails: { phase: 'downloading' } },
    })
    expect(answers[1]!.row.stepTimeoutAt?.getTime()).toBe(later.getTime())
    // Already running: answered as it is, not restarted (AWS's start-next).
    expect(answers[2]).toMatchObject({
      changed: false,
      row: { jobId, deviceId: running, status: 'IN_PROGRESS' },
    })
    expect(answers[2]!.row.statusDetails).not.toEqual({ phase: 'ignored' })
  })
})
