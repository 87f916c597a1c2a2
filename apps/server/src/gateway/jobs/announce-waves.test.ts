import { PROFILES } from '@canopy/simulator'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { giveToTenant, importSimulatedCatalogue, registerDevice, signedInTenant } from '../../../test/devices'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { ChangeFeed } from '../../db/change-feed'
import { DeviceDirectory } from '../../modules/devices/device-directory'
import { DeviceEvents } from '../device-events'
import { JobsService } from './jobs.service'

/**
 * A batch job is told to its devices in waves: the first before createJob returns, each next one
 * once the device-message queue has room (here held shut, then opened), every device told once.
 */
describe('a batch told in waves', () => {
  let app: TestApp
  let tenantId: number

  beforeAll(async () => {
    app = await createTestApp()
    await importSimulatedCatalogue(app)
    ;({ tenantId } = await signedInTenant(app))
  })
  afterAll(() => app?.close())

  it('tells the first wave at once and the rest as the queue makes room', async () => {
    const deviceIds: number[] = []
    const things: string[] = []
    for (let n = 0; n < 5; n++) {
      const { thingName } = await registerDevice(app, PROFILES[0]!)
      things.push(thingName)
      deviceIds.push(await giveToTenant(app, tenantId, thingName))
    }
    const toldNext: string[] = []
    let openQueue: () => void = () => {}
    const queueOpened = new Promise<void>((resolve) => {
      openQueue = resolve
    })
    const errors: unknown[] = []
    const jobs = new JobsService({
      db: app.database.db,
      directory: new DeviceDirectory(app.database.db, new ChangeFeed(undefined)),
      publish: async (topic) => {
        if (topic.endsWith('/jobs/notify-next')) toldNext.push(topic.split('/')[2]!)
      },
      events: new DeviceEvents((_event, error) => errors.push(error)),
      queueRoom: () => queueOpened,
      reportError: (error) => errors.push(error),
      announceWave: 2,
    })
    jobs.open()

    await jobs.createJob({ jobId: 'waves-1', tenantId, document: { operation: 'echo' }, deviceIds })
    expect(toldNext.sort()).toEqual(things.slice(0, 2).sort())
    // The queue has no room: the next waves wait.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(toldNext).toHaveLength(2)

    openQueue()
    await vi.waitFor(() => expect(toldNext).toHaveLength(5))
    expect(new Set(toldNext)).toEqual(new Set(things))
    expect(errors).toEqual([])
  })
})
