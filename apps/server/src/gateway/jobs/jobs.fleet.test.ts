import type { JsonObject } from '@canopy/shared/protocol'
import type { Fleet } from '@canopy/simulator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appOnBroker, BROKERS } from '../../../test/brokers'
import { eventually, giveToTenant, signedInTenant, startTestFleet } from '../../../test/devices'
import type { TestApp } from '../../../test/test-app'

/**
 * The virtual fleet's jobs client against the real Jobs service, on both brokers: it takes the
 * next job, reports phases in statusDetails, and ends with an outcome — including a job queued
 * while it was offline, a handler that fails, and an operation it does not know.
 */
describe.each(BROKERS)('virtual devices running jobs on the $name', ({ external }) => {
  let app: TestApp
  let close: () => Promise<void>
  let fleet: Fleet
  let tenantId: number
  const ids = new Map<string, number>()
  const phases: string[] = []
  let jobs = 0

  beforeAll(async () => {
    ;({ app, close } = await appOnBroker(external))
    fleet = await startTestFleet(app, {
      count: 2,
      seed: external ? 131 : 132,
      jobHandlers: {
        flash: async (document, report) => {
          await report({ phase: 'downloading' })
          phases.push('downloading')
          await report({ phase: 'upgrading' })
          phases.push('upgrading')
          if (document.fail) throw new Error('checksum mismatch')
          return { phase: 'done', version: String(document.version) }
        },
      },
    })
    ;({ tenantId } = await signedInTenant(app))
    for (const device of fleet.devices) ids.set(device.thing, await giveToTenant(app, tenantId, device.thing))
  })
  afterAll(async () => {
    await fleet.stop()
    await close()
  })

  const run = async (thing: string, document: JsonObject) => {
    const jobId = `fleet-${external ? 'm' : 'e'}-${++jobs}`
    await app.gateway.jobs.createJob({ jobId, tenantId, document, deviceIds: [ids.get(thing)!] })
    const [execution] = await eventually(
      () => app.gateway.jobs.executions(jobId),
      ([execution]) => !['QUEUED', 'IN_PROGRESS'].includes(execution!.status),
    )
    return execution!
  }

  it('runs the echo operation, its own handlers (phases, success, failure), and rejects an unknown one', async () => {
    const thing = fleet.devices[0]!.thing
    expect(await run(thing, { operation: 'echo', message: 'hi' })).toMatchObject({
      status: 'SUCCEEDED',
      statusDetails: { phase: 'done', echo: 'hi' },
    })
    expect(await run(thing, { operation: 'flash', version: 2 })).toMatchObject({
      status: 'SUCCEEDED',
      statusDetails: { phase: 'done', version: '2' },
      // queued 1 → started 2 → downloading 3 → upgrading 4 → succeeded 5
      versionNumber: 5,
    })
    expect(phases).toEqual(['downloading', 'upgrading'])
    expect(await run(thing, { operation: 'flash', version: 3, fail: true })).toMatchObject({
      status: 'FAILED',
      statusDetails: { reason: 'checksum mismatch' },
    })
    expect(await run(thing, { operation: 'format-disk' })).toMatchObject({
      status: 'REJECTED',
      statusDetails: { reason: 'unsupported operation format-disk' },
    })
  })

  it('takes a job queued while it was offline when it comes back', async () => {
    const device = fleet.devices[1]!
    await device.stop()
    const jobId = `offline-${external ? 'm' : 'e'}`
    await app.gateway.jobs.createJob({
      jobId,
      tenantId,
      document: { operation: 'echo', message: 'back' },
      deviceIds: [ids.get(device.thing)!],
    })
    expect((await app.gateway.jobs.executions(jobId))[0]!.status).toBe('QUEUED')
    await device.start()
    const [execution] = await eventually(
      () => app.gateway.jobs.executions(jobId),
      ([execution]) => execution!.status === 'SUCCEEDED',
    )
    expect(execution!.statusDetails).toEqual({ phase: 'done', echo: 'back' })
  })
})
