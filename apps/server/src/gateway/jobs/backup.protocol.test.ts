import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import {
  type BackupJobDocument,
  type JobExecution,
  type RestoreJobDocument,
  topics,
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
import { sdkConnection } from '../../../test/sdk-device'
import type { TestApp } from '../../../test/test-app'

/**
 * Configuration backup and restore (docs/protocol.md, "Configuration backup and restore") run
 * end to end by devices nobody here wrote — the AWS IoT Device SDK v2's IotJobsClient with Node's
 * fetch, and mosquitto_rr with curl — on both brokers: a backup asked through the API, the
 * configuration PUT to the link the job document carries, a version stored; then a restore of
 * it, downloaded with its link, its size and sha256 as the document says.
 */
const run = promisify(execFile)
const profile = PROFILES[0]!
const CONFIG = {
  firmware: profile.firmware[0]!,
  system: { led: true, mode: 'ap' },
  wifi: { '2g': { ssid: 'Protocol-Test', password: 'protocol-secret', channel: 6 } },
}

describe.each(BROKERS)('configuration backup and restore on the $name', ({ external }) => {
  let app: TestApp
  let close: () => Promise<void>
  let port: number
  let tenantId: number
  let token: string
  let scratch: string

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'canopy-backup-'))
    ;({ app, close } = await appOnBroker(external))
    await app.http.listen({ port: 0, host: '127.0.0.1' })
    port = Number(new URL(app.gateway.brokerUrl).port)
    const tenant = await signedInTenant(app)
    tenantId = tenant.tenantId
    token = tenant.owner.token
  })
  afterAll(async () => {
    app.http.server.closeAllConnections()
    await close()
    await rm(scratch, { recursive: true, force: true })
  })

  const post = <T>(apiPath: string, body: unknown) =>
    app.ok<T>({ method: 'POST', path: apiPath, token, body })
  async function tenantDevice(): Promise<RegisteredDevice & { id: number }> {
    const identity = await registerDevice(app, profile)
    return { ...identity, id: await giveToTenant(app, tenantId, identity.thingName) }
  }
  const versions = (id: number) =>
    post<{ list: Array<{ id: number; version: number; sha256: string; size: number }> }>(
      '/backend/backup/list',
      {
        id,
      },
    )
  const succeeded = async (jobId: string) =>
    expect((await app.gateway.jobs.executions(jobId))[0]).toMatchObject({ status: 'SUCCEEDED' })

  it('runs on an AWS IoT Device SDK v2 IotJobsClient, uploading and downloading with fetch', async () => {
    const device = await tenantDevice()
    const thingName = device.thingName
    const qos = crtMqtt.QoS.AtLeastOnce
    const connection = await sdkConnection(device, port)
    try {
      await connection.publish(
        topics.status(thingName),
        JSON.stringify({ state: 'online', model: profile.model, firmware: CONFIG.firmware }),
        qos,
        true,
      )
      await eventually(
        () => post<{ status: string }>('/backend/device/infos', { id: device.id }),
        (info) => info.status === 'online',
      )
      const jobs = new iotjobs.IotJobsClient(connection)
      const started: iotjobs.model.StartNextJobExecutionResponse[] = []
      await jobs.subscribeToStartNextPendingJobExecutionAccepted({ thingName }, qos, (_e, response) => {
        if (response) started.push(response)
      })
      /** Starts the next execution, does `work` with its document, and reports SUCCEEDED. */
      const runNext = async (work: (document: JobExecution['jobDocument']) => Promise<void>) => {
        const before = started.length
        await jobs.publishStartNextPendingJobExecution({ thingName }, qos)
        await eventually(
          async () => started.length,
          (count) => count > before,
        )
        const execution = started.at(-1)!.execution as unknown as JobExecution
        await work(execution.jobDocument)
        await jobs.publishUpdateJobExecution(
          { thingName, jobId: execution.jobId, status: iotjobs.model.JobStatus.SUCCEEDED, statusDetails: {} },
          qos,
        )
        return execution.jobId
      }

      const backup = await post<{ job_id: string }>('/backend/backup/create', {
        ids: [device.id],
        note: 'sdk',
      })
      const uploaded = Buffer.from(JSON.stringify(CONFIG))
      const backupJob = await runNext(async (document) => {
        const { upload } = document as BackupJobDocument
        expect(upload.url).toMatch(
          new RegExp(`/device/config/upload/\\d+\\?thing=${thingName}&exp=\\d+&sig=`),
        )
        const answer = await fetch(upload.url, {
          method: 'PUT',
          body: uploaded,
          headers: { 'content-type': 'application/json' },
        })
        expect(answer.status).toBe(201)
      })
      expect(backupJob).toBe(backup.job_id)
      await eventually(
        async () => (await app.gateway.jobs.executions(backupJob))[0]?.status,
        (status) => status === 'SUCCEEDED',
      )
      const [version] = (await versions(device.id)).list
      expect(version).toMatchObject({
        version: 1,
        size: uploaded.length,
        sha256: createHash('sha256').update(uploaded).digest('hex'),
      })

      await post('/backend/backup/restore', { backupId: version!.id, ids: [device.id] })
      const restoreJob = await runNext(async (document) => {
        const { config } = document as RestoreJobDocument
        expect(config.model).toBe(profile.model)
        const answer = await fetch(config.url)
        const body = Buffer.from(await answer.arrayBuffer())
        expect(body.length).toBe(config.size)
        expect(createHash('sha256').update(body).digest('hex')).toBe(config.sha256)
        // The device gets its secrets back in clear: it is the one place they go.
        expect(JSON.parse(body.toString())).toEqual(CONFIG)
      })
      await eventually(
        async () => (await app.gateway.jobs.executions(restoreJob))[0]?.status,
        (status) => status === 'SUCCEEDED',
      )
      await succeeded(restoreJob)
    } finally {
      await connection.disconnect()
    }
  })

  it('runs with mosquitto_rr and curl (PUT with -T, GET)', async () => {
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
    await run('mosquitto_pub', [
      ...auth,
      '-r',
      '-t',
      topics.status(thing),
      '-m',
      JSON.stringify({ state: 'online', model: profile.model, firmware: CONFIG.firmware }),
    ])
    await eventually(
      () => post<{ status: string }>('/backend/device/infos', { id: device.id }),
      (info) => info.status === 'online',
    )
    const finish = (jobId: string, version: number) =>
      request(topics.jobs.update(thing, jobId), topics.jobs.updateAccepted(thing, jobId), {
        status: 'SUCCEEDED',
        expectedVersion: version,
      })

    await post('/backend/backup/create', { ids: [device.id] })
    const backup = await request(topics.jobs.startNext(thing), topics.jobs.startNextAccepted(thing), {})
    const file = path.join(scratch, `${thing}.json`)
    await writeFile(file, JSON.stringify(CONFIG))
    await run('curl', [
      '-sSf',
      '-X',
      'PUT',
      '-H',
      'content-type: application/json',
      '-T',
      file,
      backup.execution.jobDocument.upload.url,
    ])
    await finish(backup.execution.jobId, backup.execution.versionNumber)
    await succeeded(backup.execution.jobId)
    const [version] = (await versions(device.id)).list

    await post('/backend/backup/restore', { backupId: version!.id, ids: [device.id] })
    const restore = await request(topics.jobs.startNext(thing), topics.jobs.startNextAccepted(thing), {})
    const { config } = restore.execution.jobDocument as RestoreJobDocument
    const restored = path.join(scratch, `${thing}.restored`)
    await run('curl', ['-sSf', '-o', restored, config.url])
    const { stdout } = await run('sha256sum', [restored])
    expect(stdout.split(' ')[0]).toBe(config.sha256)
    expect(JSON.parse(await readFile(restored, 'utf8'))).toEqual(CONFIG)
    await finish(restore.execution.jobId, restore.execution.versionNumber)
    await succeeded(restore.execution.jobId)

    // A link is the device's own: another thing's name, or a changed signature, is refused.
    const forged = config.url.replace(/sig=[^&]+/, `sig=${'A'.repeat(43)}`)
    await expect(run('curl', ['-sSf', '-o', '/dev/null', forged])).rejects.toThrow()
  })
})
