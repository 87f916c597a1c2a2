import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FleetOnServer, fleetOnServer, until } from '../../../test/fleet-server'
import { type ServerProcess, serverProcess } from '../../../test/server-process'

/**
 * A scheduled project backup survives `kill -9` (issue 14): the real server in a child process,
 * virtual devices uploading for real, the server killed the moment the schedule's run has
 * started. Restarted on the same database, the run goes on (the scheduler hands it over again, its
 * job id is the project's and the time's) and every device ends with exactly one backup of it.
 */
const DEVICES = 8
/** the run must not begin before the schedule is saved and the probes are polling */
const LEAD_MS = 15_000

interface BackupList {
  list: Array<{ id: number; source: string; taken_by: string | null }>
}
interface OperationLog {
  list: Array<{ id: number; action: string; device_count: number }>
}

describe(`a scheduled backup of ${DEVICES} devices across kill -9`, () => {
  let server: ServerProcess
  let world: FleetOnServer

  beforeAll(async () => {
    server = await serverProcess({ DEVICE_LIMIT: String(DEVICES * 2) })
    await server.start()
    world = await fleetOnServer(
      server,
      { username: 'bkp_fault', email: 'bkp@faults.test' },
      {
        count: DEVICES,
        seed: 1414,
        models: ['CAP-1200'],
        telemetryIntervalSeconds: 60,
        failureRate: 0,
        rebootsPerHour: 0,
        dropsPerHour: 0,
      },
    )
  }, 180_000)

  afterAll(async () => {
    await world?.fleet.stop()
    await server?.dispose()
  })

  const scheduledRuns = async () =>
    (
      await world.ok<OperationLog>('/backend/log/operation/list', { pageIndex: 1, pageOffset: 100, days: 1 })
    ).list.filter((entry) => entry.action === 'device.backup.scheduled')
  const backupsOf = async (id: number) =>
    (await world.ok<BackupList>('/backend/backup/list', { id })).list.filter(
      (backup) => backup.source === 'schedule',
    )

  it('kill -9 as the run starts: after the restart every device has exactly one backup of it', async () => {
    await world.allOnline()
    const [root] = await world.ok<Array<{ gid: number }>>('/backend/workgroup/all?tree=1')
    // The next whole minute at least LEAD_MS away, as the schedule's time of day (UTC).
    const at = new Date(Math.ceil((Date.now() + LEAD_MS) / 60_000) * 60_000)
    const time = at.toISOString().slice(11, 16)
    const saved = await world.ok<{ next_run: string }>('/backend/backup/schedule/save', {
      gid: root!.gid,
      frequency: 'daily',
      time,
    })
    expect(saved.next_run).toBe(at.toISOString())

    // Killed as soon as the run's job exists: its devices are being told, or uploading.
    await until(async () => (await scheduledRuns()).length > 0, 'the scheduled run started', server, 120_000)
    await server.kill()
    await server.start()
    world.reconnect()
    await world.allOnline()

    const counts = await until(
      async () => {
        const current = await Promise.all(world.ids.map(async (id) => (await backupsOf(id)).length))
        return current.every((n) => n >= 1) ? current : undefined
      },
      'every device backed up by the run',
      server,
      // On a shared PostgreSQL the killed process's claim on the run is handed over only at its
      // expiry (120 s, then the next maintenance): the embedded database reclaims it at start.
      240_000,
    ).catch(async (error: Error) => {
      // Where each device's execution stands says which step lost it.
      const [run] = await scheduledRuns()
      const progress = run && (await world.ok(`/backend/device/operation?id=${run.id}`))
      throw new Error(`${error.message}\nthe run: ${JSON.stringify(progress)}`)
    })
    expect(counts).toEqual(world.ids.map(() => 1))
    // Nothing more arrives: the run handed over again finds its job and creates nothing twice.
    await new Promise((resolve) => setTimeout(resolve, 5_000))
    const settled = await Promise.all(world.ids.map(async (id) => (await backupsOf(id)).length))
    expect(settled, server.log().slice(-2000)).toEqual(world.ids.map(() => 1))
    const runs = await scheduledRuns()
    expect(runs).toHaveLength(1)
    expect(runs[0]!.device_count).toBe(DEVICES)
  }, 420_000)
})
