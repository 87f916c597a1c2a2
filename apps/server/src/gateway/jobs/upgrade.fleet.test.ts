import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { buildFirmwareImage, type UpgradeJobDocument } from '@canopy/shared/protocol'
import type { Fleet, UpgradeChaos, VirtualDevice } from '@canopy/simulator'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appOnBroker, BROKERS } from '../../../test/brokers'
import { eventually, giveToTenant, signedInTenant, startTestFleet } from '../../../test/devices'
import { storedExecutions } from '../../../test/job-updates'
import type { TestApp } from '../../../test/test-app'
import { receiveImage } from '../../modules/firmware/firmware-upload'
import type { DeviceEventMap } from '../device-events'

/**
 * The virtual fleet's firmware upgrade (apps/simulator/src/upgrade.ts) against the real server:
 * the image fetched from the firmware download route with its signed link, the phases reported,
 * the reboot, and the new version in the device's status — and each chaos mode ending as the
 * protocol says: power lost mid-flash comes back on the old version and is no success, a device
 * off the network mid-download resumes it (attempt 2), a bad checksum and a failed download fail
 * with their reasons, a model without the capability rejects the job.
 */
describe.each(BROKERS)('virtual devices upgrading their firmware on the $name', ({ external }) => {
  // Each suite its own public package (the run's database is shared).
  const TO = external ? '9.2.1' : '9.2.0'
  let app: TestApp
  let close: () => Promise<void>
  let fleet: Fleet
  let tenantId: number
  let packageId: number
  let image: Buffer
  const ids = new Map<string, number>()
  const updates: Array<DeviceEventMap['jobExecutionUpdated']> = []
  let jobs = 0

  beforeAll(async () => {
    ;({ app, close } = await appOnBroker(external))
    // Devices fetch images over real HTTP: the signed links name where the app listens.
    await app.http.listen({ port: 0, host: '127.0.0.1' })
    // Devices 0–5 are CAP-1200s, 6 a CAP-300 (no upgrade capability).
    fleet = await startTestFleet(app, { count: 6, seed: external ? 141 : 142, models: ['CAP-1200'] })
    const legacy = await startTestFleet(app, { count: 1, seed: external ? 143 : 144, models: ['CAP-300'] })
    fleet.devices.push(...legacy.devices)
    const stopMain = fleet.stop
    fleet.stop = async () => {
      await stopMain()
      await legacy.stop()
    }
    image = Buffer.from(buildFirmwareImage({ model: 'CAP-1200', version: TO, size: 200_000 }))
    const received = await receiveImage(`CAP-1200-${TO}.bin`, Readable.from([image]), 64 * 1024 * 1024)
    packageId = (await app.firmware.upload({ kind: 'operator' }, received, {})).id
    ;({ tenantId } = await signedInTenant(app))
    for (const device of fleet.devices) ids.set(device.thing, await giveToTenant(app, tenantId, device.thing))
    app.gateway.events.on('jobExecutionUpdated', (update) => void updates.push(update))
  })
  afterAll(async () => {
    await fleet.stop()
    // The devices' HTTP clients keep their connections alive: close would wait for them.
    app.http.server.closeAllConnections()
    await close()
  })

  /** Upgrades one device (with the chaos given) and waits for the execution's outcome. */
  async function upgrade(device: VirtualDevice, chaos: UpgradeChaos = {}, model = 'CAP-1200') {
    device.upgradeChaos = chaos
    const document: UpgradeJobDocument = {
      operation: 'upgrade',
      firmware: {
        model,
        version: TO,
        url: app.firmware.downloadUrl(packageId, device.thing),
        size: image.length,
        sha256: createHash('sha256').update(image).digest('hex'),
      },
    }
    const jobId = `upg-fleet-${external ? 'm' : 'e'}-${++jobs}`
    await app.gateway.jobs.createJob({ jobId, tenantId, document, deviceIds: [ids.get(device.thing)!] })
    const [execution] = await eventually(
      () => app.gateway.jobs.executions(jobId),
      ([execution]) => !['QUEUED', 'IN_PROGRESS'].includes(execution!.status),
      30_000,
    )
    const reported = storedExecutions(updates, jobId).map((stored) => stored.statusDetails)
    return { execution: execution!, reported }
  }

  const firmwareOf = async (device: VirtualDevice) =>
    (
      await app.database.db.execute<{ firmware: string }>(
        sql`select firmware from devices where thing_name = ${device.thing}`,
      )
    ).rows[0]!.firmware

  it('downloads, flashes, reboots and succeeds on the new version, which its status then reports', async () => {
    const device = fleet.devices[0]!
    const { execution, reported } = await upgrade(device)
    expect(execution).toMatchObject({ status: 'SUCCEEDED', statusDetails: { firmware: TO } })
    expect(reported.map((details) => details.phase).filter(Boolean)).toEqual(
      expect.arrayContaining(['preparing', 'downloading', 'downloaded', 'flashing', 'rebooting']),
    )
    expect(device.firmware).toBe(TO)
    expect(await firmwareOf(device)).toBe(TO)
  })

  it('power lost mid-flash: back on the old version, and never a success', async () => {
    const device = fleet.devices[1]!
    const before = device.firmware
    const { execution, reported } = await upgrade(device, { 'power-loss': 1 })
    expect(execution.status).toBe('FAILED')
    expect(execution.statusDetails.reason).toMatch(/^(flash_failed|old_version)$/)
    expect(reported.at(-1)?.phase).not.toBe('rebooting')
    expect(device.firmware).toBe(before)
    expect(
      await eventually(
        () => firmwareOf(device),
        (firmware) => firmware === before,
      ),
    ).toBe(before)
  })

  it('off the network mid-download: resumes where it broke (attempt 2) and succeeds', async () => {
    const device = fleet.devices[2]!
    const { execution, reported } = await upgrade(device, { offline: 1 })
    expect(execution).toMatchObject({ status: 'SUCCEEDED', statusDetails: { firmware: TO } })
    expect(reported).toContainEqual(expect.objectContaining({ phase: 'downloading', attempt: '2' }))
  })

  it('a bad checksum and a failed download fail with their reasons, nothing flashed', async () => {
    const checksum = await upgrade(fleet.devices[3]!, { 'bad-checksum': 1 })
    expect(checksum.execution).toMatchObject({
      status: 'FAILED',
      statusDetails: { reason: 'checksum_mismatch' },
    })
    const download = await upgrade(fleet.devices[4]!, { 'download-failure': 1 })
    expect(download.execution).toMatchObject({
      status: 'FAILED',
      statusDetails: { reason: 'download_failed' },
    })
    for (const { reported } of [checksum, download])
      expect(reported.map((details) => details.phase)).not.toContain('flashing')
  })

  it('refuses an image for another model, and a model without the capability rejects the job', async () => {
    const mismatch = await upgrade(fleet.devices[5]!, {}, 'CAP-3000')
    expect(mismatch.execution).toMatchObject({
      status: 'FAILED',
      statusDetails: { reason: 'model_mismatch' },
    })
    const legacy = await upgrade(fleet.devices[6]!, {}, 'CAP-300')
    expect(legacy.execution).toMatchObject({ status: 'REJECTED' })
  })
})
