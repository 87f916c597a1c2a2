import { buildFirmwareImage } from '@canopy/shared/protocol'
import { QUICK_UPGRADE_TIMINGS } from '@canopy/simulator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Envelope, type FleetOnServer, fleetOnServer, until } from '../../../test/fleet-server'
import { type ServerProcess, serverProcess } from '../../../test/server-process'

/**
 * Upgrade orders survive `kill -9` (issue 13): the real server in a child process, virtual
 * devices upgrading for real, the server killed while a timed order waits and again in the
 * middle of a rollout. Restarted on the same database, the timed order starts at its time (not
 * before), every device ends on the new version, and none is sent twice (one execution each,
 * across every upgrade job of the order) nor forgotten.
 */
const DEVICES = 8
const MODEL = 'CAP-1200'

interface OrderInfo {
  order: { status: string; result: string; start_at: string }
  devices: Array<{
    device_id: number
    upgrade_result: string
    command_result: string
    reason: string | null
    wave: number | null
  }>
}
interface OperationLog {
  list: Array<{ action: string; device_count: number; devices: Array<{ id: number }> }>
}

describe(`upgrade orders of ${DEVICES} devices across kill -9`, () => {
  let server: ServerProcess
  let world: FleetOnServer
  const versions = ['6.1.0', '6.2.0']
  const packages: number[] = []
  const ok = <T>(pathName: string, body?: unknown) => world.ok<T>(pathName, body)
  /** The whole order: its devices fit one page. */
  const info = (id: number) => ok<OrderInfo>('/backend/upgrade/info', { id, pageIndex: 1, pageOffset: 100 })

  beforeAll(async () => {
    server = await serverProcess({ DEVICE_LIMIT: String(DEVICES * 2) })
    await server.start()
    world = await fleetOnServer(
      server,
      { username: 'upg_fault', email: 'upg@faults.test' },
      {
        count: DEVICES,
        seed: 1717,
        models: [MODEL],
        telemetryIntervalSeconds: 60,
        failureRate: 0,
        rebootsPerHour: 0,
        dropsPerHour: 0,
        upgradeTimings: QUICK_UPGRADE_TIMINGS,
      },
    )
    for (const version of versions) {
      const form = new FormData()
      const image = buildFirmwareImage({ model: MODEL, version, size: 128 * 1024 })
      form.append('file', new Blob([image]), `${MODEL}-${version}.bin`)
      const response = await fetch(`${server.baseUrl}/api/backend/firmware/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${world.token}` },
        body: form,
      })
      const uploaded = (await response.json()) as Envelope<{ id: number }>
      expect(uploaded.status, JSON.stringify(uploaded)).toBe(10000)
      packages.push(uploaded.data.id)
    }
  }, 180_000)

  afterAll(async () => {
    await world?.fleet.stop()
    await server?.dispose()
  })

  const restart = async () => {
    await server.start()
    world.reconnect()
    await world.allOnline()
  }
  const settled = (id: number) =>
    until(
      async () => {
        const current = await info(id)
        return ['scheduled', 'running'].includes(current.order.status) ? undefined : current
      },
      `order ${id} settled`,
      server,
      90_000,
    )
  /** Each device sent once: in one upgrade operation of the order, once. */
  const expectSentOnce = async (orderNo: string, context: string) => {
    const log = await ok<OperationLog>('/backend/log/operation/list', {
      pageIndex: 1,
      pageOffset: 100,
      days: 1,
    })
    const waves = log.list.filter((entry) => JSON.stringify(entry).includes(orderNo))
    const first = waves.filter((entry) => !/upg-\d+-r\d+/.test(JSON.stringify(entry)))
    const sent = first.flatMap((entry) => entry.devices.map((device) => device.id)).sort((a, b) => a - b)
    expect(sent, context).toEqual([...world.ids].sort((a, b) => a - b))
  }

  it('kill -9 while a timed order waits: it starts at its time after the restart, each device once', async () => {
    await world.allOnline()
    const startAt = new Date(Date.now() + 20_000)
    const created = await ok<{ id: number; order_no: string }>('/backend/upgrade/create', {
      deviceIds: world.ids,
      packageId: packages[0],
      timing: 'timed',
      startAt: startAt.toISOString(),
    })
    await server.kill()
    await restart()
    if (Date.now() < startAt.getTime() - 2000) {
      const waiting = await info(created.id)
      expect(waiting.order.status).toBe('scheduled')
      expect(new Set(waiting.devices.map((device) => device.command_result))).toEqual(new Set(['not_sent']))
    }
    const done = await settled(created.id)
    expect(done.order, JSON.stringify(done.devices)).toMatchObject({ status: 'finished', result: 'success' })
    for (const device of world.fleet.devices) expect(device.firmware).toBe(versions[0])
    const log = await ok<{ list: Array<{ started_at: string; order_no: string }> }>(
      '/backend/log/upgrade/list',
      {
        pageIndex: 1,
        pageOffset: 100,
        days: 1,
      },
    )
    for (const entry of log.list.filter((row) => row.order_no === created.order_no))
      expect(new Date(entry.started_at).getTime()).toBeGreaterThanOrEqual(startAt.getTime() - 1000)
    await expectSentOnce(created.order_no, 'timed order')
  }, 180_000)

  it('kill -9 in the middle of a rollout: it goes on after the restart, no device sent twice or forgotten', async () => {
    await world.allOnline()
    const created = await ok<{ id: number; order_no: string }>('/backend/upgrade/create', {
      deviceIds: world.ids,
      packageId: packages[1],
      timing: 'immediate',
      concurrency: 2,
    })
    await until(
      async () => {
        const current = await info(created.id)
        return current.devices.some((device) => device.upgrade_result === 'success') &&
          current.devices.some((device) => device.command_result === 'not_sent')
          ? current
          : undefined
      },
      'the rollout under way',
      server,
    )
    await server.kill()
    await restart()
    let done = await settled(created.id)
    // A device whose download the dying server broke failed that download (the device says so):
    // judged, not forgotten; a retry upgrades it. Nothing else may fail.
    const broken = done.devices.filter((device) => device.upgrade_result === 'failed')
    for (const device of broken)
      expect(['download_failed', 'failed'], JSON.stringify(device)).toContain(device.reason)
    expect(broken.length, JSON.stringify(done.devices)).toBeLessThanOrEqual(2)
    if (broken.length > 0) {
      await ok('/backend/upgrade/retry', { id: created.id })
      done = await settled(created.id)
    }
    expect(done.order, JSON.stringify(done.devices)).toMatchObject({ status: 'finished', result: 'success' })
    for (const device of world.fleet.devices) expect(device.firmware).toBe(versions[1])
    await expectSentOnce(created.order_no, 'rollout')
  }, 180_000)
})
