import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { promisify } from 'node:util'
import {
  buildFirmwareImage,
  type JobExecution,
  type StatusDetails,
  topics,
  type UpgradeJobDocument,
} from '@canopy/shared/protocol'
import { PROFILES } from '@canopy/simulator'
import { mqtt as crtMqtt, iotjobs } from 'aws-iot-device-sdk-v2'
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
import { receiveImage } from '../../modules/firmware/firmware-upload'
import type { DeviceEventMap } from '../device-events'

/**
 * A firmware upgrade (docs/protocol.md, "Firmware upgrade") run end to end by devices nobody here
 * wrote — the AWS IoT Device SDK v2's IotJobsClient with Node's fetch, and mosquitto_rr /
 * mosquitto_pub with curl — on both brokers: the job created with JobsService.createJob, the
 * image stored through the firmware service and fetched over HTTP with its signed link (whole,
 * and resumed with Range), each phase reported, a reboot, and SUCCEEDED on the new version.
 */
const run = promisify(execFile)
const profile = PROFILES[0]!
const FROM = profile.firmware[0]!
/** the phases a device reports, in order, before it reboots */
const PHASES: StatusDetails[] = [
  { phase: 'preparing', attempt: '1' },
  { phase: 'downloading', attempt: '1', progress: '0' },
  { phase: 'downloading', attempt: '1', progress: '50' },
  { phase: 'downloaded', attempt: '1', progress: '100' },
  { phase: 'flashing', attempt: '1' },
  { phase: 'rebooting', attempt: '1' },
]

describe.each(BROKERS)('a firmware upgrade on the $name', ({ external }) => {
  // Each suite its own public package (the run's database is shared).
  const TO = external ? '9.1.1' : '9.1.0'
  const image = Buffer.from(buildFirmwareImage({ model: profile.model, version: TO, size: 300_000 }))
  const sha256 = createHash('sha256').update(image).digest('hex')
  let app: TestApp
  let close: () => Promise<void>
  let port: number
  let tenantId: number
  let packageId: number
  let jobCount = 0
  let scratch: string
  const updates: Array<DeviceEventMap['jobExecutionUpdated']> = []

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'canopy-upgrade-'))
    ;({ app, close } = await appOnBroker(external))
    // Devices fetch images over real HTTP: the signed links name where the app listens.
    await app.http.listen({ port: 0, host: '127.0.0.1' })
    port = Number(new URL(app.gateway.brokerUrl).port)
    ;({ tenantId } = await signedInTenant(app))
    // Published by the operator for every tenant, as `npm run canopy -- firmware publish` does.
    const received = await receiveImage(
      `${profile.model}-${TO}.bin`,
      Readable.from([image]),
      64 * 1024 * 1024,
    )
    packageId = (await app.firmware.upload({ kind: 'operator' }, received, {})).id
    app.gateway.events.on('jobExecutionUpdated', (update) => void updates.push(update))
  })
  afterAll(async () => {
    // The devices' HTTP clients keep their connections alive: close would wait for them.
    app.http.server.closeAllConnections()
    await close()
    await rm(scratch, { recursive: true, force: true })
  })

  async function tenantDevice(): Promise<RegisteredDevice & { id: number }> {
    const identity = await registerDevice(app, profile)
    return { ...identity, id: await giveToTenant(app, tenantId, identity.thingName) }
  }

  async function createUpgrade(device: RegisteredDevice & { id: number }) {
    const document: UpgradeJobDocument = {
      operation: 'upgrade',
      firmware: {
        model: profile.model,
        version: TO,
        url: app.firmware.downloadUrl(packageId, device.thingName),
        size: image.length,
        sha256,
      },
    }
    const jobId = `upgrade-${external ? 'm' : 'e'}-${++jobCount}`
    await app.gateway.jobs.createJob({ jobId, tenantId, document, deviceIds: [device.id] })
    return { jobId, document }
  }

  /** The statuses and phases the cloud stored for a job, in order. */
  const history = (jobId: string) =>
    storedExecutions(updates, jobId).map((execution) =>
      `${execution.status} ${execution.statusDetails.phase ?? ''}`.trim(),
    )

  const expectedHistory = [
    'QUEUED',
    'IN_PROGRESS',
    ...PHASES.map((details) => `IN_PROGRESS ${details.phase}`),
    'SUCCEEDED',
  ]

  /** The job stored as succeeded on the new version, after every phase in order. */
  async function expectSucceeded(jobId: string) {
    const [stored] = await app.gateway.jobs.executions(jobId)
    expect(stored).toMatchObject({ status: 'SUCCEEDED', statusDetails: { firmware: TO } })
    // The events follow the commits, a moment after the device's answer.
    expect(
      await eventually(
        async () => history(jobId),
        (seen) => seen.length >= expectedHistory.length,
      ),
    ).toEqual(expectedHistory)
  }

  it('runs on an AWS IoT Device SDK v2 IotJobsClient, the image fetched with fetch (whole, then resumed with Range)', async () => {
    const device = await tenantDevice()
    const thingName = device.thingName
    const qos = crtMqtt.QoS.AtLeastOnce
    let connection = await sdkConnection(device, port)
    try {
      const online = (firmware: string) =>
        connection.publish(
          topics.status(thingName),
          JSON.stringify({ state: 'online', model: profile.model, firmware }),
          qos,
          true,
        )
      await online(FROM)
      /** The SDK client on the current connection, with the answers it heard. */
      const jobsOn = async () => {
        const jobs = new iotjobs.IotJobsClient(connection)
        const started: iotjobs.model.StartNextJobExecutionResponse[] = []
        const accepted: iotjobs.model.UpdateJobExecutionResponse[] = []
        const next: iotjobs.model.NextJobExecutionChangedEvent[] = []
        await jobs.subscribeToNextJobExecutionChangedEvents({ thingName }, qos, (_e, event) => {
          if (event) next.push(event)
        })
        await jobs.subscribeToStartNextPendingJobExecutionAccepted({ thingName }, qos, (_e, response) => {
          if (response) started.push(response)
        })
        return { jobs, started, accepted, next }
      }
      let client = await jobsOn()
      const { jobId, document } = await createUpgrade(device)
      await eventually(
        async () => client.next.length,
        (count) => count > 0,
      )
      expect(client.next[0]!.execution?.jobDocument).toEqual(document)

      await client.jobs.publishStartNextPendingJobExecution({ thingName }, qos)
      await eventually(
        async () => client.started.length,
        (count) => count > 0,
      )
      const execution = client.started[0]!.execution as unknown as JobExecution
      expect(execution).toMatchObject({ jobId, status: 'IN_PROGRESS', jobDocument: document })
      const url = (execution.jobDocument as UpgradeJobDocument).firmware.url

      await client.jobs.subscribeToUpdateJobExecutionAccepted({ thingName, jobId }, qos, (_e, response) => {
        if (response) client.accepted.push(response)
      })
      let version = execution.versionNumber
      const report = async (status: iotjobs.model.JobStatus, statusDetails: StatusDetails) => {
        const before = client.accepted.length
        await client.jobs.publishUpdateJobExecution(
          {
            thingName,
            jobId,
            status,
            statusDetails,
            expectedVersion: version,
            includeJobExecutionState: true,
          },
          qos,
        )
        await eventually(
          async () => client.accepted.length,
          (count) => count > before,
        )
        version = client.accepted.at(-1)!.executionState!.versionNumber!
      }

      await report(iotjobs.model.JobStatus.IN_PROGRESS, PHASES[0]!)
      await report(iotjobs.model.JobStatus.IN_PROGRESS, PHASES[1]!)
      const whole = await fetch(url)
      expect(whole.status).toBe(200)
      const etag = whole.headers.get('etag')!
      expect(Buffer.from(await whole.arrayBuffer()).equals(image)).toBe(true)
      // A download broken half-way resumes from where it broke.
      const half = Math.floor(image.length / 2)
      const first = await fetch(url, { headers: { range: `bytes=0-${half - 1}` } })
      await report(iotjobs.model.JobStatus.IN_PROGRESS, PHASES[2]!)
      const rest = await fetch(url, { headers: { range: `bytes=${half}-`, 'if-range': etag } })
      expect([first.status, rest.status]).toEqual([206, 206])
      expect(rest.headers.get('content-range')).toBe(`bytes ${half}-${image.length - 1}/${image.length}`)
      const resumed = Buffer.concat([
        Buffer.from(await first.arrayBuffer()),
        Buffer.from(await rest.arrayBuffer()),
      ])
      expect(createHash('sha256').update(resumed).digest('hex')).toBe(sha256)
      for (const details of PHASES.slice(3)) await report(iotjobs.model.JobStatus.IN_PROGRESS, details)

      // The reboot: the connection goes; the device comes back on the new firmware and takes the
      // execution up again.
      await connection.disconnect()
      connection = await sdkConnection(device, port)
      await online(TO)
      client = await jobsOn()
      await client.jobs.subscribeToUpdateJobExecutionAccepted({ thingName, jobId }, qos, (_e, response) => {
        if (response) client.accepted.push(response)
      })
      await client.jobs.publishStartNextPendingJobExecution({ thingName }, qos)
      await eventually(
        async () => client.started.length,
        (count) => count > 0,
      )
      expect(client.started[0]!.execution).toMatchObject({
        jobId,
        status: 'IN_PROGRESS',
        statusDetails: { phase: 'rebooting' },
      })
      version = client.started[0]!.execution!.versionNumber!
      await report(iotjobs.model.JobStatus.SUCCEEDED, { firmware: TO })

      await expectSucceeded(jobId)
    } finally {
      await connection.disconnect()
    }
  })

  it('runs with mosquitto_rr and mosquitto_pub, the image fetched with curl (resumed with Range)', async () => {
    const device = await tenantDevice()
    const thing = device.thingName
    const auth = [
      ...['-h', '127.0.0.1', '-p', String(port), '-V', 'mqttv311', '-q', '1'],
      ...['-u', thing, '-P', device.deviceSecret, '-i', thing],
    ]
    const request = async (topic: string, answerTopic: string, message: unknown) =>
      JSON.parse(
        (
          await run('mosquitto_rr', [
            ...auth,
            '-t',
            topic,
            '-e',
            answerTopic,
            '-m',
            JSON.stringify(message),
            '-W',
            '10',
          ])
        ).stdout,
      )
    const online = (firmware: string) =>
      run('mosquitto_pub', [
        ...auth,
        '-r',
        '-t',
        topics.status(thing),
        '-m',
        JSON.stringify({ state: 'online', model: profile.model, firmware }),
      ])
    await online(FROM)
    const { jobId, document } = await createUpgrade(device)

    const started = await request(topics.jobs.startNext(thing), topics.jobs.startNextAccepted(thing), {})
    expect(started.execution).toMatchObject({ jobId, status: 'IN_PROGRESS', jobDocument: document })
    let version: number = started.execution.versionNumber
    const update = async (status: string, statusDetails: StatusDetails) => {
      const answer = await request(
        topics.jobs.update(thing, jobId),
        topics.jobs.updateAccepted(thing, jobId),
        {
          status,
          statusDetails,
          expectedVersion: version,
          includeJobExecutionState: true,
        },
      )
      version = answer.executionState.versionNumber
    }

    await update('IN_PROGRESS', PHASES[0]!)
    await update('IN_PROGRESS', PHASES[1]!)
    const { url } = started.execution.jobDocument.firmware
    const [first, rest] = [path.join(scratch, `${thing}.1`), path.join(scratch, `${thing}.2`)]
    const half = Math.floor(image.length / 2)
    await run('curl', ['-sSf', '-r', `0-${half - 1}`, '-o', first, url])
    await update('IN_PROGRESS', PHASES[2]!)
    await run('curl', ['-sSf', '-r', `${half}-`, '-o', rest, url])
    const { stdout } = await run('sh', ['-c', `cat "${first}" "${rest}" | sha256sum`])
    expect(stdout.split(' ')[0]).toBe(document.firmware.sha256)
    for (const details of PHASES.slice(3)) await update('IN_PROGRESS', details)

    // Rebooted on the new firmware: it says so, and takes the execution up again.
    await online(TO)
    const again = await request(topics.jobs.startNext(thing), topics.jobs.startNextAccepted(thing), {})
    expect(again.execution).toMatchObject({
      jobId,
      status: 'IN_PROGRESS',
      statusDetails: { phase: 'rebooting' },
    })
    version = again.execution.versionNumber
    await update('SUCCEEDED', { firmware: TO })

    await expectSucceeded(jobId)
  })
})
