import { execFile, spawn } from 'node:child_process'
import { promisify } from 'node:util'
import { type JobExecution, type JobsErrorResponse, topics } from '@canopy/shared/protocol'
import { PROFILES } from '@canopy/simulator'
import { mqtt as crtMqtt, iotjobs } from 'aws-iot-device-sdk-v2'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appOnBroker, BROKERS } from '../../../test/brokers'
import {
  eventually,
  giveToTenant,
  type RegisteredDevice,
  registerDevice,
  signedInTenant,
} from '../../../test/devices'
import { storedExecutions } from '../../../test/job-updates'
import { sdkConnection } from '../../../test/sdk-device'
import type { TestApp } from '../../../test/test-app'
import type { DeviceEventMap } from '../device-events'

/**
 * The AWS IoT Jobs MQTT API (docs/protocol.md, "Long operations") run by clients nobody here
 * wrote — the AWS IoT Device SDK v2's IotJobsClient, and mosquitto_sub / mosquitto_rr (which
 * publishes a request and waits for its answer: a device has one connection at a time, so a
 * mosquitto_pub beside a mosquitto_sub would end it) — on both brokers.
 */
const run = promisify(execFile)
const profile = PROFILES[0]!

describe.each(BROKERS)('the Jobs API on the $name', ({ external }) => {
  let app: TestApp
  let close: () => Promise<void>
  let port: number
  let tenantId: number
  let jobCount = 0
  const updates: Array<DeviceEventMap['jobExecutionUpdated']> = []

  beforeAll(async () => {
    ;({ app, close } = await appOnBroker(external))
    port = Number(new URL(app.gateway.brokerUrl).port)
    ;({ tenantId } = await signedInTenant(app))
    app.gateway.events.on('jobExecutionUpdated', (update) => void updates.push(update))
  })
  afterAll(() => close())

  /** A registered device given to the tenant (binding itself is another suite's subject). */
  async function tenantDevice(): Promise<RegisteredDevice & { id: number }> {
    const identity = await registerDevice(app, profile)
    return { ...identity, id: await giveToTenant(app, tenantId, identity.thingName) }
  }

  const createJob = (deviceIds: number[], extra: { inProgressTimeoutInMinutes?: number } = {}) =>
    app.gateway.jobs.createJob({
      jobId: `job-${external ? 'm' : 'e'}-${++jobCount}-${Date.now()}`,
      tenantId,
      document: { operation: 'echo', message: 'hello' },
      deviceIds,
      ...extra,
    })

  const auth = (identity: RegisteredDevice) => [
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-V',
    'mqttv311',
    '-u',
    identity.thingName,
    '-P',
    identity.deviceSecret,
    '-i',
    identity.thingName,
    '-q',
    '1',
  ]

  /** mosquitto_rr: publishes the request, prints the first message on `answerTopic`. */
  async function request(identity: RegisteredDevice, topic: string, answerTopic: string, message: unknown) {
    const { stdout } = await run('mosquitto_rr', [
      ...auth(identity),
      '-t',
      topic,
      '-e',
      answerTopic,
      '-m',
      typeof message === 'string' ? message : JSON.stringify(message),
      '-W',
      '10',
    ])
    return JSON.parse(stdout)
  }

  /** mosquitto_sub for one message on `topic`; resolves with it once `trigger` has run. */
  async function nextMessage(identity: RegisteredDevice, topic: string, trigger: () => Promise<unknown>) {
    const child = spawn('mosquitto_sub', [...auth(identity), '-t', topic, '-C', '1', '-W', '10'])
    let out = ''
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      out += chunk
    })
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
    // mosquitto_sub prints nothing until subscribed: give it the moment a SUBACK takes.
    await new Promise((resolve) => setTimeout(resolve, 400))
    await trigger()
    await exited
    return JSON.parse(out)
  }

  it('runs a job with mosquitto_sub and mosquitto_rr: notify-next, start-next, progress, success', async () => {
    const device = await tenantDevice()
    const thing = device.thingName
    let jobId = ''
    const notified = await nextMessage(device, topics.jobs.notifyNext(thing), async () => {
      jobId = (await createJob([device.id]))[0]!.jobId
    })
    expect(notified.execution).toMatchObject({
      jobId,
      thingName: thing,
      status: 'QUEUED',
      versionNumber: 1,
      executionNumber: 1,
      jobDocument: { operation: 'echo', message: 'hello' },
    })

    const started = await request(
      device,
      topics.jobs.startNext(thing),
      topics.jobs.startNextAccepted(thing),
      {
        clientToken: 's1',
        stepTimeoutInMinutes: 5,
        statusDetails: { phase: 'preparing' },
      },
    )
    expect(started).toMatchObject({
      clientToken: 's1',
      execution: { jobId, status: 'IN_PROGRESS', versionNumber: 2, statusDetails: { phase: 'preparing' } },
    })
    expect(started.execution.approximateSecondsBeforeTimedOut).toBeGreaterThan(240)

    const pending = await request(device, topics.jobs.get(thing), topics.jobs.getAccepted(thing), {
      clientToken: 'g1',
    })
    expect(pending).toMatchObject({
      clientToken: 'g1',
      queuedJobs: [],
      inProgressJobs: [{ jobId, versionNumber: 2 }],
    })

    const progress = await request(
      device,
      topics.jobs.update(thing, jobId),
      topics.jobs.updateAccepted(thing, jobId),
      {
        status: 'IN_PROGRESS',
        statusDetails: { phase: 'downloading' },
        expectedVersion: 2,
        includeJobExecutionState: true,
        clientToken: 'u1',
      },
    )
    expect(progress).toMatchObject({
      clientToken: 'u1',
      executionState: { status: 'IN_PROGRESS', statusDetails: { phase: 'downloading' }, versionNumber: 3 },
    })
    expect(progress.jobDocument).toBeUndefined()

    // The last update ends the queue: notify-next says there is nothing next. (One connection
    // at a time per device: mosquitto_rr publishes the update and waits on notify-next.)
    const next = await request(device, topics.jobs.update(thing, jobId), topics.jobs.notifyNext(thing), {
      status: 'SUCCEEDED',
      statusDetails: { phase: 'done' },
      expectedVersion: 3,
    })
    expect(next.execution).toBeUndefined()
    expect(typeof next.timestamp).toBe('number')

    const [execution] = await app.gateway.jobs.executions(jobId)
    expect(execution).toMatchObject({
      status: 'SUCCEEDED',
      statusDetails: { phase: 'done' },
      versionNumber: 4,
    })
    expect((await app.gateway.jobs.job(jobId))?.status).toBe('COMPLETED')
    expect(storedExecutions(updates, jobId).map((stored) => stored.status)).toEqual([
      'QUEUED',
      'IN_PROGRESS',
      'IN_PROGRESS',
      'SUCCEEDED',
    ])
    // Every change is told with its job's operation, for the modules that listen (alarms, backups).
    const { operation } = (await app.gateway.jobs.job(jobId))!
    expect(
      updates.filter((update) => update.execution.jobId === jobId).map((update) => update.operation),
    ).toEqual(Array(4).fill(operation))

    const described = await request(
      device,
      topics.jobs.describe(thing, jobId),
      topics.jobs.describeAccepted(thing, jobId),
      { clientToken: 'd1' },
    )
    expect(described.execution).toMatchObject({
      jobId,
      status: 'SUCCEEDED',
      jobDocument: { operation: 'echo' },
    })
  })

  it('answers with AWS’s ErrorResponse: VersionMismatch, InvalidStateTransition, ResourceNotFound, InvalidJson', async () => {
    const device = await tenantDevice()
    const thing = device.thingName
    const [queued] = await createJob([device.id])
    const jobId = queued!.jobId
    const rejected = topics.jobs.updateRejected(thing, jobId)

    const stale: JobsErrorResponse = await request(device, topics.jobs.update(thing, jobId), rejected, {
      status: 'IN_PROGRESS',
      expectedVersion: 7,
      clientToken: 'v1',
    })
    expect(stale).toMatchObject({
      code: 'VersionMismatch',
      clientToken: 'v1',
      executionState: { status: 'QUEUED', versionNumber: 1, statusDetails: {} },
    })
    expect(typeof stale.timestamp).toBe('number')

    const failed = await request(
      device,
      topics.jobs.update(thing, jobId),
      topics.jobs.updateAccepted(thing, jobId),
      {
        status: 'FAILED',
        statusDetails: { reason: 'checksum' },
        includeJobDocument: true,
      },
    )
    expect(failed.jobDocument).toEqual({ operation: 'echo', message: 'hello' })
    const final = await request(device, topics.jobs.update(thing, jobId), rejected, {
      status: 'SUCCEEDED',
      clientToken: 'v2',
    })
    expect(final).toMatchObject({
      code: 'InvalidStateTransition',
      clientToken: 'v2',
      executionState: { status: 'FAILED', statusDetails: { reason: 'checksum' }, versionNumber: 2 },
    })

    const missing = await request(
      device,
      topics.jobs.describe(thing, 'no-such-job'),
      topics.jobs.describeRejected(thing, 'no-such-job'),
      { clientToken: 'm1' },
    )
    expect(missing).toMatchObject({ code: 'ResourceNotFound', clientToken: 'm1' })

    const garbage = await request(
      device,
      topics.jobs.startNext(thing),
      topics.jobs.startNextRejected(thing),
      '{"oops',
    )
    expect(garbage.code).toBe('InvalidJson')
    const invalid = await request(device, topics.jobs.update(thing, jobId), rejected, {
      status: 'QUEUED',
      clientToken: 'i1',
    })
    expect(invalid).toMatchObject({ code: 'InvalidRequest', clientToken: 'i1' })
    expect(app.gateway.metrics().refusals.jobs.malformed).toBeGreaterThanOrEqual(2)
  })

  it('times executions out on the database: the step timer and the job’s in-progress timer', async () => {
    // This test sweeps by hand: the gateway's own sweep (every 10 s) would otherwise take the
    // overdue execution first on a slow run, and its next-job notice before we listen.
    app.gateway.jobs.stop()
    const device = await tenantDevice()
    const thing = device.thingName
    const [stepped] = await createJob([device.id])
    const [longRunning] = await createJob([device.id], { inProgressTimeoutInMinutes: 30 })
    const started = await request(
      device,
      topics.jobs.startNext(thing),
      topics.jobs.startNextAccepted(thing),
      {
        stepTimeoutInMinutes: 1,
      },
    )
    expect(started.execution.jobId).toBe(stepped!.jobId)
    // Not due yet: the sweep leaves it.
    expect(await app.gateway.jobs.sweepTimeouts()).toBe(0)
    const deadlines = await app.database.db.execute<{ step: Date; progress: Date | null }>(
      sql`select step_timeout_at as step, in_progress_timeout_at as progress from job_executions
        where job_id = ${stepped!.jobId}`,
    )
    const step = new Date(deadlines.rows[0]!.step).getTime()
    expect(Math.abs(step - Date.now() - 60_000)).toBeLessThan(10_000)
    expect(deadlines.rows[0]!.progress).toBeNull()

    // A minute passes (the deadline moved back, as the clock would move on)…
    await app.database.db.execute(
      sql`update job_executions set step_timeout_at = now() - interval '1 second' where job_id = ${stepped!.jobId}`,
    )
    const next = await nextMessage(device, topics.jobs.notifyNext(thing), async () => {
      expect(await app.gateway.jobs.sweepTimeouts()).toBe(1)
    })
    expect(next.execution).toMatchObject({ jobId: longRunning!.jobId, status: 'QUEUED' })
    const late = await request(
      device,
      topics.jobs.update(thing, stepped!.jobId),
      topics.jobs.updateRejected(thing, stepped!.jobId),
      { status: 'SUCCEEDED' },
    )
    expect(late).toMatchObject({ code: 'InvalidStateTransition', executionState: { status: 'TIMED_OUT' } })

    // The job's own timer runs from the start, whatever the steps do (-1 cancels only the step timer).
    await request(
      device,
      topics.jobs.update(thing, longRunning!.jobId),
      topics.jobs.updateAccepted(thing, longRunning!.jobId),
      {
        status: 'IN_PROGRESS',
        stepTimeoutInMinutes: -1,
      },
    )
    await app.database.db.execute(
      sql`update job_executions set in_progress_timeout_at = now() - interval '1 second'
        where job_id = ${longRunning!.jobId}`,
    )
    expect(await app.gateway.jobs.sweepTimeouts()).toBe(1)
    const [timedOut] = await app.gateway.jobs.executions(longRunning!.jobId)
    expect(timedOut!.status).toBe('TIMED_OUT')
    expect((await app.gateway.jobs.job(longRunning!.jobId))?.status).toBe('COMPLETED')
  })

  it('cancels a job: its queued executions end CANCELED and the device hears its next is gone', async () => {
    const device = await tenantDevice()
    const thing = device.thingName
    const [queued] = await createJob([device.id])
    const next = await nextMessage(device, topics.jobs.notifyNext(thing), async () => {
      expect(await app.gateway.jobs.cancelJob(queued!.jobId)).toBe(true)
    })
    expect(next.execution).toBeUndefined()
    const [execution] = await app.gateway.jobs.executions(queued!.jobId)
    expect(execution).toMatchObject({ status: 'CANCELED', versionNumber: 2 })
    expect(await app.gateway.jobs.cancelJob(queued!.jobId)).toBe(false)
  })

  it('reminds an online device of a queued execution whose notify-next was lost (a crash after the commit)', async () => {
    const device = await tenantDevice()
    const thing = device.thingName
    // Created while the device was not listening: its announcement went nowhere, as one that a
    // kill -9 cut off between the job's commit and the publish.
    const [queued] = await createJob([device.id])
    // Still connected to an external broker through the crash, so it never comes back online.
    await app.database.db.execute(sql`update devices set status = 'online' where id = ${device.id}`)
    const next = await nextMessage(device, topics.jobs.notifyNext(thing), async () => {
      expect(await app.gateway.jobs.remindQueued()).toBeGreaterThanOrEqual(1)
    })
    expect(next.execution).toMatchObject({ jobId: queued!.jobId, status: 'QUEUED' })
  })

  it('refuses a job for a device of another tenant, and a job document over 32 KB', async () => {
    const stranger = await registerDevice(app, profile)
    const rows = await app.database.db.execute<{ id: number }>(
      sql`select id from devices where thing_name = ${stranger.thingName}`,
    )
    await expect(createJob([rows.rows[0]!.id])).rejects.toThrow(/outside tenant/)
    const device = await tenantDevice()
    await expect(
      app.gateway.jobs.createJob({
        jobId: `big-${Date.now()}`,
        tenantId,
        document: { operation: 'echo', pad: 'x'.repeat(33 * 1024) },
        deviceIds: [device.id],
      }),
    ).rejects.toThrow(/at most 32768 bytes/)
  })

  /** The AWS IoT Device SDK v2 as the device, on its MQTT 3.1.1 connection. */
  async function sdkDevice(identity: RegisteredDevice) {
    const connection = await sdkConnection(identity, port)
    return { connection, jobs: new iotjobs.IotJobsClient(connection) }
  }

  it('runs a Canopy job unchanged on an AWS IoT Device SDK v2 IotJobsClient', async () => {
    const device = await tenantDevice()
    const thingName = device.thingName
    const { connection, jobs } = await sdkDevice(device)
    const qos = crtMqtt.QoS.AtLeastOnce
    try {
      const nextEvents: Array<iotjobs.model.NextJobExecutionChangedEvent> = []
      await jobs.subscribeToNextJobExecutionChangedEvents({ thingName }, qos, (_error, event) => {
        if (event) nextEvents.push(event)
      })
      const startedAnswers: Array<iotjobs.model.StartNextJobExecutionResponse> = []
      await jobs.subscribeToStartNextPendingJobExecutionAccepted({ thingName }, qos, (_error, response) => {
        if (response) startedAnswers.push(response)
      })

      const [queued] = await createJob([device.id])
      const jobId = queued!.jobId
      await eventually(
        async () => nextEvents.length,
        (count) => count > 0,
      )
      expect(nextEvents[0]!.execution).toMatchObject({
        jobId,
        status: 'QUEUED',
        jobDocument: { operation: 'echo' },
      })

      await jobs.publishStartNextPendingJobExecution(
        { thingName, clientToken: 'sdk-1', stepTimeoutInMinutes: 10 },
        qos,
      )
      await eventually(
        async () => startedAnswers.length,
        (count) => count > 0,
      )
      const execution = startedAnswers[0]!.execution as unknown as JobExecution
      expect(execution).toMatchObject({ jobId, status: 'IN_PROGRESS', versionNumber: 2 })
      expect(startedAnswers[0]!.clientToken).toBe('sdk-1')

      const updated: Array<iotjobs.model.UpdateJobExecutionResponse> = []
      await jobs.subscribeToUpdateJobExecutionAccepted({ thingName, jobId }, qos, (_error, response) => {
        if (response) updated.push(response)
      })
      await jobs.publishUpdateJobExecution(
        {
          thingName,
          jobId,
          status: iotjobs.model.JobStatus.IN_PROGRESS,
          statusDetails: { phase: 'upgrading' },
          expectedVersion: 2,
          includeJobExecutionState: true,
          clientToken: 'sdk-2',
        },
        qos,
      )
      await eventually(
        async () => updated.length,
        (count) => count > 0,
      )
      expect(updated[0]!.executionState).toMatchObject({ status: 'IN_PROGRESS', versionNumber: 3 })
      await jobs.publishUpdateJobExecution(
        {
          thingName,
          jobId,
          status: iotjobs.model.JobStatus.SUCCEEDED,
          expectedVersion: 3,
          clientToken: 'sdk-3',
        },
        qos,
      )
      await eventually(
        async () => nextEvents.length,
        (count) => count > 1,
      )
      expect(nextEvents[1]!.execution).toBeUndefined()
      const [stored] = await app.gateway.jobs.executions(jobId)
      expect(stored).toMatchObject({
        status: 'SUCCEEDED',
        statusDetails: { phase: 'upgrading' },
        versionNumber: 4,
      })
    } finally {
      await connection.disconnect()
    }
  })
})
