import type { Fleet } from '@canopy/simulator'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { giveToTenant, signedInTenant, startTestFleet } from '../../../test/devices'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { jobsRepository } from '../../gateway/jobs/jobs.repository'
import type { Principal } from '../auth/principal'
import { mayMove, progressStatusOf, reasonText } from './executions'
import { OperationLog } from './operation-log'
import { operationsRepository } from './operations.repository'

describe('the executions state machine', () => {
  it('moves pending work on, never a final status, and times out only running work', () => {
    expect(mayMove('QUEUED', 'IN_PROGRESS')).toBe(true)
    expect(mayMove('QUEUED', 'CANCELED')).toBe(true)
    expect(mayMove('IN_PROGRESS', 'SUCCEEDED')).toBe(true)
    expect(mayMove('IN_PROGRESS', 'TIMED_OUT')).toBe(true)
    expect(mayMove('QUEUED', 'TIMED_OUT')).toBe(false)
    expect(mayMove('IN_PROGRESS', 'QUEUED')).toBe(false)
    for (const final of ['SUCCEEDED', 'FAILED', 'TIMED_OUT', 'REJECTED', 'REMOVED', 'CANCELED'] as const)
      expect(mayMove(final, 'IN_PROGRESS')).toBe(false)
  })
  it('reads as the console’s progress: statuses and reasons as before', () => {
    expect(
      ['QUEUED', 'IN_PROGRESS', 'SUCCEEDED', 'TIMED_OUT'].map((s) => progressStatusOf(s as never)),
    ).toEqual(['pending', 'applying', 'success', 'failed'])
    expect(reasonText('superseded', null)).toBe('600400127')
    expect(reasonText('not_answering', null)).toBe('600400124')
    expect(reasonText('device_refused', 'channel 14')).toBe('channel 14')
    expect(reasonText('server_error', '600103100')).toBe('600103100')
    expect(reasonText('timeout', null)).toBe('timeout')
    expect(reasonText(null, null)).toBeNull()
  })
})

describe('one table of executions for every channel', () => {
  let app: TestApp
  let fleet: Fleet
  let principal: Principal
  let deviceId: number

  beforeAll(async () => {
    app = await createTestApp()
    fleet = await startTestFleet(app, { count: 1 })
    const { owner, accountId, tenantId } = await signedInTenant(app)
    principal = { account: { id: accountId, tenantId, username: owner.username } } as Principal
    deviceId = await giveToTenant(app, tenantId, fleet.devices[0]!.thing)
  })
  afterAll(async () => {
    await fleet.stop()
    await app.close()
  })

  it('shows a device through the Jobs API its jobs only, never a settings change or a command waiting for it', async () => {
    const log = new OperationLog(app.database.db)
    await log.record(
      principal,
      'device.setwifi',
      [{ id: deviceId, mac: 'm' }],
      {},
      { channel: 'shadow', status: 'QUEUED' },
    )
    await log.record(
      principal,
      'device.restart',
      [{ id: deviceId, mac: 'm' }],
      {},
      { channel: 'rpc', status: 'IN_PROGRESS' },
    )
    expect(await jobsRepository(app.database.db).pending(deviceId, 10)).toEqual([])

    const jobId = `exec-${Date.now()}`
    await app.gateway.jobs.createJob({
      jobId,
      tenantId: principal.account.tenantId,
      document: { operation: 'nothing-known' },
      deviceIds: [deviceId],
      createdBy: principal.account.id,
    })
    const jobs = jobsRepository(app.database.db)
    expect((await jobs.executionsOfJob(jobId)).map((row) => row.deviceId)).toEqual([deviceId])
    // Pending or already refused by the device: whatever it lists is the job, never the others.
    expect((await jobs.pending(deviceId, 10)).every((row) => row.jobId === jobId)).toBe(true)
  })

  it('records a job as one operation of the log, with its creator and one execution per device', async () => {
    const jobId = `exec-op-${Date.now()}`
    await app.gateway.jobs.createJob({
      jobId,
      tenantId: principal.account.tenantId,
      document: { operation: 'scan' },
      deviceIds: [deviceId],
      createdBy: principal.account.id,
    })
    const [job] = (await app.database.db.execute(sql`select operation_id from jobs where job_id = ${jobId}`))
      .rows as Array<{ operation_id: number }>
    const operations = operationsRepository(app.database.db)
    const visibility = { tenantId: principal.account.tenantId }
    expect(await operations.find(visibility, job!.operation_id)).toMatchObject({
      accountName: principal.account.username,
      action: 'job.scan',
      detail: { job_id: jobId },
    })
    expect(await operations.executions(visibility, job!.operation_id)).toMatchObject([
      { deviceId, channel: 'jobs', status: expect.stringMatching(/^(QUEUED|IN_PROGRESS|REJECTED|FAILED)$/) },
    ])
    // The log's settle is for settings and commands: a job's executions move through the Jobs API.
    expect(await operations.settle(job!.operation_id, deviceId, 'SUCCEEDED')).toBe(false)
  })
})
